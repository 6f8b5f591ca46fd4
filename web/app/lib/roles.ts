// What the screens offer follows the role matrix the server decides by (catalogue roles.ts).
import { roleAllows, type Action, type Role } from '@trainwright/catalogue';

/**
 * Whether a member of this role may do the action; with no role known (a session from before
 * roles) the screen offers it and the server's answer decides.
 */
export function mayAct(role: Role | null | undefined, action: Action): boolean {
  return !role || roleAllows(role, action);
}
