import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as sonner } from "sonner";
import { registerToaster } from "./toast";

/** Loaded lazily by ToastArea: the toast area at the top right, 4000 ms per toast (spec). */
export default function Toaster() {
  useEffect(() => {
    registerToaster((kind, message) => sonner[kind](message));
    return () => registerToaster(null);
  }, []);
  return (
    <SonnerToaster
      position="top-right"
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
