// What other server modules use from auth: the guards and the current user.
export { currentUser, loadSession, requireAdmin, requireUser, type SessionUser } from "./session";
export { toUserJson, type UserJson } from "./user-json";
