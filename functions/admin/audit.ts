/**
 * The audit log: every admin action (profile edit, balance credit, e-mail transfer, profit
 * distribution, complaint close) is written here after it succeeded, with who did it and to whom,
 * and admins read it newest first, filtered by action and e-mail.
 */
import type { z } from 'zod';
import type { AuditAction, AuditQuery } from '#api/schemas/admin';
import { nowIso } from '#core/clock';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { getMember } from '#functions/members/service';
import { pageAudit, putAudit } from './trading/store';

export interface AuditEntry {
  action: AuditAction;
  adminId: string;
  target: string;
  /** The member it concerned, so the log is found by their e-mail too. */
  memberEmail?: string;
  summary: string;
}

/**
 * Writes an entry. The action already happened, so a failure here is logged (with the entry) and
 * not turned into an error answer that would make the admin repeat a done action.
 */
export const audit = async (entry: AuditEntry): Promise<void> => {
  try {
    const admin = await getMember(entry.adminId);
    const adminEmail = admin?.email ?? entry.adminId;
    const emails = [...new Set([adminEmail, entry.memberEmail].filter((e): e is string => !!e))].map((e) =>
      e.toLowerCase(),
    );
    await putAudit({
      id: newId(),
      at: nowIso(),
      action: entry.action,
      adminId: entry.adminId,
      adminEmail,
      target: entry.target,
      emails,
      summary: entry.summary,
    });
  } catch (error) {
    logger.error('audit entry not written', { error: error as Error, entry: { ...entry } });
  }
};

export const auditLog = async (q: z.infer<typeof AuditQuery>) => {
  const page = await pageAudit(
    { action: q.action || undefined, email: q.email || undefined },
    q.limit,
    q.cursor,
  );
  return {
    items: page.items.map((e) => ({
      id: e.id,
      at: e.at,
      action: e.action,
      adminEmail: e.adminEmail,
      target: e.target,
      summary: e.summary,
    })),
    cursor: page.cursor,
  };
};
