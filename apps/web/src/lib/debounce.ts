/**
 * A trailing debounce (the spec's constants and limits: the claim 500 ms, the wheel's re-setup on resize
 * 500 ms): `call` runs `run` once, `ms` after the last call, with that call's arguments;
 * `cancel` forgets a pending run (a component going away).
 */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number,
): { call: (...args: A) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    call: (...args) => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        run(...args);
      }, ms);
    },
    cancel,
  };
}
