import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/client";

export type AsyncState<T> =
  | { status: "loading"; data?: undefined; error?: undefined }
  | { status: "ready"; data: T; error?: undefined }
  | { status: "error"; data?: undefined; error: ApiError };

/** Runs `load` on mount and whenever `deps` change; aborts the previous call. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setState({ status: "loading" });
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ status: "ready", data }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const error = err instanceof ApiError ? err : new ApiError(0, "unknown_error", String(err));
        setState({ status: "error", error });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  useEffect(() => {
    run();
    return () => controller.current?.abort();
  }, [run]);

  return { ...state, reload: run };
}
