import type { localeTable } from '../modules/catalog/localization/served.ts';
import type {
  attributeTable,
  contextTable,
  taskTable,
  translationTable,
} from '../modules/catalog/localization/store.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the localization tables (see migrations/0008_localization.ts), from their declared maps.
export type LocalesTable = RowOf<typeof localeTable>;
export type LocalizationContextsTable = RowOf<typeof contextTable>;
export type TranslationsTable = RowOf<typeof translationTable>;
export type TranslationAttributesTable = RowOf<typeof attributeTable>;
export type TranslationTasksTable = RowOf<typeof taskTable>;

export interface LocalizationTables {
  locales: LocalesTable;
  localization_contexts: LocalizationContextsTable;
  translations: TranslationsTable;
  translation_attributes: TranslationAttributesTable;
  translation_tasks: TranslationTasksTable;
}
