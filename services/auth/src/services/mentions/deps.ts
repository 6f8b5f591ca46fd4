// Emails to the members a comment mentions: who they are (members of the comment's company only,
// with their language and whether they want project updates), the mailer, the web's address.
import type { InterfaceLanguage } from '@trainwright/catalogue';
import type { Mailer } from '../members/deps.js';

export interface MentionRecipient {
  userId: string;
  email: string;
  name: string;
  language: InterfaceLanguage;
  /** The profile's "project updates" notification setting. */
  wantsProjectUpdates: boolean;
}

export interface MentionStore {
  /** Of these users, the members of the company (someone removed since the comment is not). */
  membersAmong(userIds: string[], companyId: string): Promise<MentionRecipient[]>;
  /** Runs `work` once per event id (a redelivery after it finished runs nothing). */
  oncePerEvent(eventId: string, work: () => Promise<void>): Promise<void>;
}

export interface MentionDeps {
  mentions: MentionStore;
  mailer: Mailer;
  /** The web app's public address: the email links to the project's comments. */
  webUrl: string;
}
