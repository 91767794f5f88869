import { useId } from "react";
import { offices } from "../../../../domain/firm";
import { emailReadOnlyMessage } from "../../../../domain/schemas/profile";
import type { ProfileInput, ProfileValues } from "../../../../domain/schemas/profile.schema";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { isAdmin, type User } from "../../../lib/auth/user";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { updateMe } from "../api/me";

const profileSchema = lazySchema(() =>
  import("../../../../domain/schemas/profile.schema").then((m) => m.profileSchema),
);

const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));

/** The fields in the form's order (the focus goes to the first with a message). */
function toFormValues(user: User) {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: user.phone ?? "",
    address: user.address ?? "",
    city: user.city ?? "",
    country: user.country ?? "",
    postalCode: user.postalCode ?? "",
    office: user.office ?? "",
  };
}

type ProfileFields = ReturnType<typeof toFormValues>;

function ProfileFormFields({ user }: { user: User }) {
  const { refresh } = useAuth();
  const admin = isAdmin(user);
  const form = useFieldsForm({
    initialValues: () => toFormValues(user),
    schema: profileSchema,
    // Only an officer has an office; a client's form leaves the field out of what it sends.
    toInput: ({ office, ...rest }: ProfileFields): ProfileInput =>
      admin ? { ...rest, office } : rest,
  });

  const onSubmit = async (values: ProfileValues) => {
    const { data, error } = await updateMe(values);
    if (error) {
      const fields = error.fields ?? {};
      form.showErrors({
        firstName: fields.firstName,
        lastName: fields.lastName,
        phone: fields.phone,
        address: fields.address,
        city: fields.city,
        country: fields.country,
        postalCode: fields.postalCode,
        office: fields.office,
      });
      toast.error(`Erreur lors de la mise à jour: ${error.message}`);
      return;
    }
    form.reset(toFormValues(data.user));
    // The header's name, and the notices' number on the client's profile.
    await refresh();
    toast.success("Profil mis à jour avec succès");
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      {...form.formProps}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Prénom" autoComplete="given-name" required {...form.text("firstName")} />
        <TextField label="Nom" autoComplete="family-name" required {...form.text("lastName")} />
        <TextField
          label="Adresse e-mail"
          type="email"
          value={user.email}
          readOnly
          hint={emailReadOnlyMessage}
          className="sm:col-span-2"
        />
        <TextField
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+225 07 00 00 00 00"
          {...form.text("phone")}
        />
        <TextField label="Adresse" autoComplete="street-address" {...form.text("address")} />
        <TextField label="Ville" autoComplete="address-level2" {...form.text("city")} />
        <TextField label="Pays" autoComplete="country-name" {...form.text("country")} />
        <TextField label="Code postal" autoComplete="postal-code" {...form.text("postalCode")} />
        {admin ? (
          <SelectField
            label="Agence"
            placeholder="Aucune agence"
            hint="L'agence où vous travaillez : votre nom est proposé en premier pour assigner ses demandes."
            options={officeOptions}
            {...form.text("office")}
          />
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={form.isSubmitting} loadingText="Enregistrement…">
          Enregistrer les modifications
        </Button>
      </div>
    </form>
  );
}

/** Personal information of the signed-in user (/client/profil and /admin/parametres). */
export function ProfileCard() {
  const headingId = useId();
  const { user } = useAuth();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Informations personnelles" />
      <CardBody>{user ? <ProfileFormFields key={user.id} user={user} /> : null}</CardBody>
    </Card>
  );
}
