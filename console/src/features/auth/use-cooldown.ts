// A short wait before a new code can be asked for again, so a double click or an impatient second
// request does not send (or call) twice. Counts down whole seconds from when it was started.
import { useCallback, useEffect, useState } from 'react';

export function useCooldown(seconds: number, startNow = false): { remaining: number; start: () => void } {
  const [endsAt, setEndsAt] = useState(() => (startNow ? Date.now() + seconds * 1_000 : 0));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1_000);
  }, [seconds]);

  return { remaining: Math.max(0, Math.ceil((endsAt - now) / 1_000)), start };
}
