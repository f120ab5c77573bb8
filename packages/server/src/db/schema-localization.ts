// Row types of the localization tables (see migrations/0008_localization.ts).
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface LocalesTable { id: string; name: string; local_name: string; auto_translation: boolean; data: Json }
export interface LocalizationContextsTable {
  id: string; account_id: string; instance_id: string; type: string; name: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface TranslationsTable {
  id: string; context_id: string; product_id: string; account_id: string; vendor_id: string; locale_id: string; status: string;
  is_primary: boolean; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface TranslationAttributesTable {
  translation_id: string; key: string; account_id: string; product_id: string; value: string | null; original: string;
  translated_from: string | null; status: string; updated_at: Timestamp; data: Json;
}
export interface TranslationTasksTable {
  id: string; translation_id: string; account_id: string; type: string; status: string; created_at: Timestamp; data: Json;
}

export interface LocalizationTables {
  locales: LocalesTable;
  localization_contexts: LocalizationContextsTable;
  translations: TranslationsTable;
  translation_attributes: TranslationAttributesTable;
  translation_tasks: TranslationTasksTable;
}
