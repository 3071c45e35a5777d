/**
 * A port (decision 039): a function a lower module asks for and a higher one provides, so the lower one never imports
 * the higher (the record store asks whether a term return is locked; the returns module knows). The lower module
 * declares the port and calls it; app.ts, which builds the app from every module, gives it the higher module's
 * function before any request. Asked before that, a port throws: a rule left out is a fault, never skipped quietly.
 */
export interface Port<F extends (...args: never[]) => unknown> {
  /** Gives the port its function (app.ts, once per process; giving the same one again changes nothing). */
  provide(implementation: F): void;
  /** Calls the function provided. */
  call(...args: Parameters<F>): ReturnType<F>;
}

export function port<F extends (...args: never[]) => unknown>(what: string): Port<F> {
  let provided: F | null = null;
  return {
    provide(implementation) {
      provided = implementation;
    },
    call(...args) {
      if (!provided) throw new Error(`Nothing provides ${what}: app.ts gives it when it builds the app (decision 039).`);
      return provided(...args) as ReturnType<F>;
    },
  };
}
