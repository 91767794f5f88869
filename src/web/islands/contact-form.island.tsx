import type { ContactInput } from "../../domain/schemas/contact.schema";
import { ContactForm } from "../features/public/contact/contact-form";
import type { IslandModule } from "./names";
import { mountToastArea } from "./toast-root";

const fieldNames = ["name", "email", "phone", "subject", "message", "website"] as const;

/**
 * The contact form (loaded only on /contact; zod and the schema once the visitor starts filling
 * it in, see lib/lazy-zod.ts). Its success and failure toasts need the toast area, which the
 * React Router app mounts in its root: here it gets one of its own (toast-root.tsx).
 */
export const island: IslandModule<"contact-form"> = {
  component: ContactForm,
  beforeHydrate(element, props) {
    mountToastArea();

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
