import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isToasterRequested, showCarriedToasts, subscribeToasterRequest } from "./toast";

const Toaster = lazy(() => import("./toaster"));

/** Mounted once in the root: renders nothing until a toast is asked for. */
export function ToastArea() {
  useEffect(() => {
    showCarriedToasts();
  }, []);
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
