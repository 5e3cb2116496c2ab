import type { Config } from '../../config/index.js';
import type { Context } from '../../engine/context.js';
import type { Accountability } from '../../kernel/context/index.js';
import type { ItemsService } from '../items/index.js';
import type { Mailer, MailTemplates } from '../mail/index.js';
import type { AuditRecorder } from '../../engine/audit-recorder.js';

/** What the flow runner and its operations use, given by createApp. */
export type FlowDeps = {
  items: ItemsService;
  mailer: Mailer;
  /** The mailer's Liquid templates (EMAIL_TEMPLATES_PATH), for `mail` with `type: template`. */
  mailTemplates: MailTemplates;
  audit: AuditRecorder;
  config: Config['flows'];
  /** A context for `accountability` (its permission set resolved), on the pool. */
  contextFor(accountability: Accountability): Promise<Context>;
  /** The accountability of an anonymous request (the public policy). */
  publicAccountability(): Promise<Accountability>;
  /** The accountability of a user-less caller with `role` and its policies; null if there is no such role. */
  roleAccountability(role: string): Promise<Accountability | null>;
  /** The accountability of a caller with no user and no role holding only `policy`; null if there is no such policy. */
  policyAccountability(policy: string): Promise<Accountability | null>;
  /** Waits (the `sleep` operation); tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
};
