import { useEffect, useState } from "react";

/** "mm:ss" (plans spec, section 2): 00:07, 01:30; past an hour the minutes keep counting. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = String(Math.floor(whole / 60)).padStart(2, "0");
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Seconds since `running` last turned true, counted from the clock (a timer's ticks drift and
 * stall in a background tab); back to 0 when a new run starts, held when it stops.
 */
export function useRecordingSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    setSeconds(0);
    const tick = window.setInterval(() => {
      setSeconds(Math.floor((Date.now() - startedAt) / 1000));
    }, 250);
    return () => window.clearInterval(tick);
  }, [running]);
  return seconds;
}
