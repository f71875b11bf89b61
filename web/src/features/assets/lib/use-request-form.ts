import { useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api.ts';
import { newIdempotencyKey } from './idempotency.ts';

export type FormNotice = { text: string; tone: 'error' | 'success' };

/**
 * What the top-up and withdrawal forms share: the amount, the message under the form and one
 * Idempotency-Key per submission, kept for a retry of the same form and renewed when the form
 * changes or the request succeeds.
 */
export function useRequestForm() {
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const key = useRef<string | null>(null);

  /** A field changed: the next submission is a new request. */
  const changed = () => {
    key.current = null;
    setNotice(null);
  };
  const changeAmount = (value: string) => {
    changed();
    setAmount(value);
  };
  const invalid = (text: string) => setNotice({ text, tone: 'error' });

  /**
   * Sends the request with the form's key. On success the amount is cleared, `done` takes the
   * answer and `sent` is shown; on failure the server's message, else `failed`.
   */
  const send = async <R>(
    request: (idempotencyKey: string) => Promise<R>,
    done: (answer: R) => void,
    texts: { sent: string; failed: string },
  ) => {
    key.current ??= newIdempotencyKey();
    setNotice(null);
    try {
      const answer = await request(key.current);
      key.current = null;
      setAmount('');
      done(answer);
      setNotice({ text: texts.sent, tone: 'success' });
    } catch (error) {
      setNotice({ text: serverMessageOr(error, texts.failed), tone: 'error' });
    }
  };

  return { amount, changeAmount, notice, changed, invalid, send };
}

export type RequestForm = ReturnType<typeof useRequestForm>;
