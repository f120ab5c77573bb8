import { sql, type Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Localization: the reference list of locales, one context per translatable object (a product), the
// translations of a context (one per locale and owning account) and their attribute values. Only products are
// translated so far, so a context's instance_id is a product id (and goes with the product).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table locales (
      id text primary key,
      name text not null,
      local_name text not null,
      auto_translation boolean not null default false,
      data jsonb not null
    );
    create index locales_name on locales (name);

    create table localization_contexts (
      id text primary key,
      account_id text not null references accounts(id),
      instance_id text not null references products(id) on delete cascade,
      type text not null,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index localization_contexts_instance on localization_contexts (instance_id);
    create index localization_contexts_account on localization_contexts (account_id, created_at);

    create table translations (
      id text primary key,
      context_id text not null references localization_contexts(id) on delete cascade deferrable initially deferred,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      vendor_id text not null,
      locale_id text not null references locales(id),
      status text not null,
      is_primary boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index translations_locale_owner on translations (context_id, locale_id, account_id);
    create unique index translations_one_primary on translations (context_id) where is_primary;
    create index translations_product on translations (product_id, created_at);
    create index translations_account on translations (account_id, created_at);

    create table translation_attributes (
      translation_id text not null references translations(id) on delete cascade deferrable initially deferred,
      key text not null,
      account_id text not null,
      product_id text not null,
      value text,
      original text not null,
      translated_from text,
      status text not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (translation_id, key)
    );

    create table translation_tasks (
      id text primary key,
      translation_id text not null references translations(id) on delete cascade deferrable initially deferred,
      account_id text not null,
      type text not null,
      status text not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index translation_tasks_translation on translation_tasks (translation_id, created_at)
  `,
  );
  for (const [id, name, local, auto] of LOCALES) {
    const data = { id, name, local_name: local, auto_translation: auto, marketplaces: [], stats: { translations: 0 } };
    await sql`insert into locales (id, name, local_name, auto_translation, data)
      values (${id}, ${name}, ${local}, ${auto}, ${JSON.stringify(data)}::jsonb)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists translation_tasks, translation_attributes, translations, localization_contexts, locales cascade',
  );
}

/** The locales offered (reference ids: language, or language-REGION); the flag says whether machine translation may be asked for. */
const LOCALES: [string, string, string, boolean][] = [
  ['EN', 'English', 'English', true],
  ['EN-GB', 'British English', 'British English', true],
  ['EN-US', 'American English', 'American English', true],
  ['DE', 'German', 'Deutsch', true],
  ['DE-AT', 'Austrian German', 'Österreichisches Deutsch', false],
  ['DE-CH', 'Swiss German', 'Schweizer Hochdeutsch', false],
  ['FR', 'French', 'Français', true],
  ['FR-CA', 'Canadian French', 'Français canadien', false],
  ['ES', 'Spanish', 'Español', true],
  ['ES-MX', 'Mexican Spanish', 'Español de México', true],
  ['IT', 'Italian', 'Italiano', true],
  ['PT', 'Portuguese', 'Português', true],
  ['PT-BR', 'Brazilian Portuguese', 'Português do Brasil', true],
  ['NL', 'Dutch', 'Nederlands', true],
  ['SV', 'Swedish', 'Svenska', true],
  ['DA', 'Danish', 'Dansk', true],
  ['NB', 'Norwegian Bokmål', 'Norsk bokmål', true],
  ['FI', 'Finnish', 'Suomi', true],
  ['PL', 'Polish', 'Polski', true],
  ['CS', 'Czech', 'Čeština', true],
  ['SK', 'Slovak', 'Slovenčina', false],
  ['HU', 'Hungarian', 'Magyar', true],
  ['RO', 'Romanian', 'Română', true],
  ['BG', 'Bulgarian', 'Български', false],
  ['EL', 'Greek', 'Ελληνικά', true],
  ['TR', 'Turkish', 'Türkçe', true],
  ['RU', 'Russian', 'Русский', true],
  ['UK', 'Ukrainian', 'Українська', true],
  ['AR', 'Arabic', 'العربية', true],
  ['HE', 'Hebrew', 'עברית', false],
  ['JA', 'Japanese', '日本語', true],
  ['KO', 'Korean', '한국어', true],
  ['ZH-HANS', 'Simplified Chinese', '简体中文', true],
  ['ZH-HANT', 'Traditional Chinese', '繁體中文', true],
];
