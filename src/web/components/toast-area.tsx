import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterRequested, subscribeToasterRequest } from "./toast";

const Toaster = lazy(() => import("./toaster"));

/** Mounted once in the root: renders nothing until a toast is asked for. */
export function ToastArea() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
