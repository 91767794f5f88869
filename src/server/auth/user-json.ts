import type { UserJson } from "../../domain/api/users";
import { isOfficeId } from "../../domain/firm";

export type { UserJson };

type UserLike = {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  postalCode?: string | null;
  role?: string | null;
  office?: string | null;
  twoFactorEnabled?: boolean | null;
  createdAt: Date | string;
};

export function toUserJson(user: UserLike): UserJson {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: user.phone || null,
    address: user.address || null,
    city: user.city || null,
    country: user.country || null,
    postalCode: user.postalCode || null,
    role: user.role === "admin" ? "admin" : "client",
    office: isOfficeId(user.office) ? user.office : null,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
