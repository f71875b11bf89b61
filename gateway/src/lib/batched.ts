/**
 * Reads by key that arrive in the same turn of the event loop, made as one read: requests that
 * came in together (the sockets one poll of the loop found readable) share one statement
 * instead of a round trip to the database each. The read starts once the turn's I/O callbacks
 * have run (setImmediate), so each caller gets the row as it is after its request arrived,
 * never an older copy: nothing is kept once the read has answered.
 *
 * `loadMany` gets each key once and answers the values it found by key; a key it did not
 * find answers undefined. A failed read fails every caller of that batch.
 */
export function batchedByKey<V>(
  loadMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
): (key: string) => Promise<V | undefined> {
  let batch: { keys: Set<string>; found: Promise<ReadonlyMap<string, V>> } | undefined;

  const open = () => {
    const keys = new Set<string>();
    const found = new Promise<ReadonlyMap<string, V>>((resolve, reject) => {
      setImmediate(() => {
        batch = undefined;
        try {
          resolve(loadMany([...keys]));
        } catch (error) {
          reject(error);
        }
      });
    });
    return { keys, found };
  };

  return (key) => {
    batch ??= open();
    batch.keys.add(key);
    return batch.found.then((values) => values.get(key));
  };
}
