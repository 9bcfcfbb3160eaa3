import { useCallback, useRef, useState } from 'react';

/**
 * A form submission without TanStack Query: `run(input)` calls `action` once at a time and exposes
 * `pending` and the last result. The public forms (auth, waitlist) use it so their first render needs no
 * query client; like the mutations they replace, a submit is never retried (spec §9: no mutation retries).
 *
 * @example const signIn = useAction(submitSignIn); signIn.run(values); signIn.pending
 */
export function useAction<I, O>(action: (input: I) => Promise<O>) {
  const [state, setState] = useState<{ pending: boolean; data?: O }>({ pending: false });
  const busy = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (input: I) => {
    if (busy.current) return;
    busy.current = true;
    setState((s) => ({ ...s, pending: true }));
    try {
      const data = await latest.current(input);
      setState({ pending: false, data });
    } catch {
      // The action reports its own failures (field errors, toasts); only the pending state ends here.
      setState((s) => ({ ...s, pending: false }));
    } finally {
      busy.current = false;
    }
  }, []);
  return { run, pending: state.pending, data: state.data };
}
