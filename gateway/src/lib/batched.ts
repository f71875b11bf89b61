/**
 * Reads by key made together: the requests that arrive while a read is under way wait for it
 * and then share the next read, one statement instead of a round trip to the database each
 * (group commit, for reads). With no read under way a key waits only for the I/O callbacks of
 * the current turn of the event loop (setImmediate), which gathers the requests that came in
 * together. Each read starts after its callers asked, so each gets the row as it is after its
 * request arrived, never an older copy: nothing is kept once a read has answered.
 *
 * `loadMany` gets each key once and answers the values it found by key; a key it did not
 * find answers undefined. A failed read fails the callers of that read only.
 */
export function batchedByKey<V>(
  loadMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
): (key: string) => Promise<V | undefined> {
  type Batch = {
    keys: Set<string>;
    found: Promise<ReadonlyMap<string, V>>;
    settle: (read: Promise<ReadonlyMap<string, V>>) => void;
  };
  let next: Batch | undefined;
  let reading = false;

  const flush = () => {
    if (reading || !next) return;
    const batch = next;
    next = undefined;
    reading = true;
    let read: Promise<ReadonlyMap<string, V>>;
    try {
      read = loadMany([...batch.keys]);
    } catch (error) {
      read = Promise.reject(error);
    }
    batch.settle(read);
    const done = () => {
      reading = false;
      if (next) setImmediate(flush);
    };
    read.then(done, done);
  };

  const open = (): Batch => {
    let settle: Batch['settle'] = () => {};
    const found = new Promise<ReadonlyMap<string, V>>((resolve) => {
      settle = resolve;
    });
    setImmediate(flush);
    return { keys: new Set(), found, settle };
  };

  return (key) => {
    next ??= open();
    next.keys.add(key);
    return next.found.then((values) => values.get(key));
  };
}
