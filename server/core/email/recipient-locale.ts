// The language an email is written in: the recipient's own choice when the address belongs to a
// user of the project who made one, else the project's default language.
import { and, eq } from 'drizzle-orm';
import { contactChannels, projects, users } from '../storage/tables';
import type { DbWriter } from '../storage/transactions';
import { firstRow } from '../storage/query-results';
import { emailAddressKey } from '../../protocol/email-address-key';
import { matchLocale, sourceLocale, type Locale } from '../../protocol/locales';

export async function recipientLocale(db: DbWriter, projectId: string, recipient: string): Promise<Locale> {
  const chosen = firstRow(
    await db
      .select({ locale: users.locale })
      .from(contactChannels)
      .innerJoin(users, eq(users.id, contactChannels.userId))
      .where(
        and(
          eq(contactChannels.projectId, projectId),
          eq(contactChannels.type, 'email'),
          eq(contactChannels.valueKey, emailAddressKey(recipient)),
        ),
      )
      .limit(1),
  );
  const userLocale = matchLocale(chosen?.locale);
  if (userLocale) return userLocale;
  const project = firstRow(await db.select({ locale: projects.defaultLocale }).from(projects).where(eq(projects.id, projectId)).limit(1));
  return matchLocale(project?.locale) ?? sourceLocale;
}
