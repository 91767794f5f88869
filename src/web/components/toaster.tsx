import { type CSSProperties, useEffect } from "react";
import { Toaster as SonnerToaster, toast as sonner } from "sonner";
import { registerToaster } from "./toast";

// sonner's rich colours put green and red text on pale backgrounds below the 4.5:1 contrast that
// WCAG AA asks for; these darker shades keep the colours and pass.
const richColorsWithContrast = {
  "--success-text": "#14532d",
  "--error-text": "#991b1b",
  "--warning-text": "#78350f",
  "--info-text": "#1e3a8a",
} as CSSProperties;

/**
 * Below the areas' sticky header (h-16: 64 px), so that a toast never hides the menu button, the
 * logo or the account menu, at 360 px as at 1280 px.
 */
const belowHeader = { top: 72, right: 16 };

/** Loaded lazily by ToastArea: the toast area at the top right, 4000 ms per toast (spec). */
export default function Toaster() {
  useEffect(() => {
    registerToaster((kind, message) => sonner[kind](message));
    return () => registerToaster(null);
  }, []);
  return (
    <SonnerToaster
      position="top-right"
      offset={belowHeader}
      mobileOffset={{ ...belowHeader, left: 16 }}
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      style={richColorsWithContrast}
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
