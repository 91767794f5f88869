// What other server modules use from auth: the guards and the current user.

export {
  assertClient,
  assertOfficer,
  type CurrentSession,
  currentUser,
  loadSession,
  requireAdmin,
  requireAdminReading,
  requireClient,
  requireClientOrOfficer,
  requireUser,
  type SessionUser,
} from "./session";
export type { OfficerRead } from "./session-check";
export { toUserJson, type UserJson } from "./user-json";
