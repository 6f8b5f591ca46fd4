import { sql, type Kysely } from 'kysely';
import { LIBRARY_MESSAGES } from '@trainwright/catalogue';

// What a project's generated content drew from the company library, so the list (which leaves the
// content out) can say it on the card: 'cited' (the slides cite library passages), 'none' (the
// library held nothing about the topic: the offline engine's notice), null otherwise. The service
// writes it with the content (libraryMaterialOf); existing rows are read from their content here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('library_material', 'text', (c) => c.check(sql`library_material in ('cited', 'none')`))
    .execute();
  await sql`update projects set library_material = case
      when jsonb_typeof(generated_content -> 'citations') = 'array' and jsonb_array_length(generated_content -> 'citations') > 0 then 'cited'
      when jsonb_typeof(generated_content -> 'notices') = 'array' and generated_content -> 'notices' ? ${LIBRARY_MESSAGES.noMaterial}::text then 'none'
    end
    where generated_content is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('library_material').execute();
}
