import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { offices } from "../../../../domain/firm";
import { emailReadOnlyMessage } from "../../../../domain/schemas/profile";
import type { ProfileInput, ProfileValues } from "../../../../domain/schemas/profile.schema";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { LoadError } from "../../../components/load-error";
import { SelectField } from "../../../components/select-field";
import { PageSpinner } from "../../../components/spinner";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { isAdmin, type User } from "../../../lib/auth/user";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { meQueryKey, updateMe, useMe } from "../api/me";

const profileFields = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "city",
  "country",
  "postalCode",
  "office",
] as const;

const profileResolver = lazyZodResolver(() =>
  import("../../../../domain/schemas/profile.schema").then((m) => m.profileSchema),
);

const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));

function toFormValues(user: User): ProfileInput {
  return {
    // Only an officer has an office; a client's form leaves the field out of what it sends.
    ...(isAdmin(user) ? { office: user.office ?? "" } : {}),
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: user.phone ?? "",
    address: user.address ?? "",
    city: user.city ?? "",
    country: user.country ?? "",
    postalCode: user.postalCode ?? "",
  };
}

function ProfileFormFields({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: profileResolver,
    defaultValues: toFormValues(user),
  });

  const onSubmit = async (values: ProfileValues) => {
    const { data, error } = await updateMe(values);
    if (error) {
      for (const field of profileFields) {
        const message = error.fields?.[field];
        if (message) setError(field, { type: "server", message });
      }
      toast.error(`Erreur lors de la mise à jour: ${error.message}`);
      return;
    }
    queryClient.setQueryData(meQueryKey, data.user);
    setUser(data.user);
    reset(toFormValues(data.user));
    toast.success("Profil mis à jour avec succès");
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-5"
      {...profileResolver.preloadProps}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Prénom"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Nom"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register("lastName")}
        />
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
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          label="Adresse"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register("address")}
        />
        <TextField
          label="Ville"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register("city")}
        />
        <TextField
          label="Pays"
          autoComplete="country-name"
          error={errors.country?.message}
          {...register("country")}
        />
        <TextField
          label="Code postal"
          autoComplete="postal-code"
          error={errors.postalCode?.message}
          {...register("postalCode")}
        />
        {isAdmin(user) ? (
          <SelectField
            label="Agence"
            placeholder="Aucune agence"
            hint="L'agence où vous travaillez : votre nom est proposé en premier pour assigner ses demandes."
            options={officeOptions}
            error={errors.office?.message}
            {...register("office")}
          />
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} loadingText="Enregistrement…">
          Enregistrer les modifications
        </Button>
      </div>
    </form>
  );
}

/** Personal information of the signed-in user (/client/profil and /admin/parametres). */
export function ProfileCard() {
  const headingId = useId();
  const me = useMe();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Informations personnelles" />
      <CardBody>
        {me.isPending ? (
          <PageSpinner label="Chargement du profil…" />
        ) : me.isError ? (
          <LoadError
            message={`Erreur lors du chargement des données: ${me.error.message}`}
            onRetry={() => me.refetch()}
          />
        ) : (
          <ProfileFormFields key={me.data.id} user={me.data} />
        )}
      </CardBody>
    </Card>
  );
}
