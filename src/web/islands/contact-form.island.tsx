import { createRoot } from "react-dom/client";
import type { ContactInput } from "../../domain/schemas/contact.schema";
import { ToastArea } from "../components/toast-area";
import { ContactForm } from "../features/public/contact/contact-form";
import type { IslandModule } from "./names";

const fieldNames = ["name", "email", "phone", "subject", "message", "website"] as const;

/**
 * The contact form (react-hook-form: loaded only on /contact; zod and the schema once the visitor
 * starts filling it in, see lib/lazy-zod.ts). Its success and failure toasts need the toast area,
 * which the React Router app mounts in its root: here it gets a root of its own at the end of the
 * body (it renders nothing, and loads sonner only on the first toast).
 */
export const island: IslandModule<"contact-form"> = {
  component: ContactForm,
  beforeHydrate(element, props) {
    const toastRoot = document.createElement("div");
    document.body.append(toastRoot);
    createRoot(toastRoot).render(<ToastArea />);

    // What was typed before the script arrived is kept: the form starts from it.
    const initialValues: Partial<ContactInput> = {};
    for (const name of fieldNames) {
      const field = element.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        `[name="${name}"]`,
      );
      if (field?.value) initialValues[name] = field.value;
    }
    return { ...props, initialValues };
  },
};
