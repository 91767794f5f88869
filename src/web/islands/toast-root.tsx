import { createRoot } from "react-dom/client";
import { ToastArea } from "../components/toast-area";

// The public pages have no app root: their toast area gets a root of its own at the end of the
// body (it renders nothing, and loads sonner only on the first toast). Once per page, whoever
// asks first: the contact form, or a toast carried from a signed-in page (islands/main.tsx).

let mounted = false;

export function mountToastArea(): void {
  if (mounted) return;
  mounted = true;
  const root = document.createElement("div");
  document.body.append(root);
  createRoot(root).render(<ToastArea />);
}
