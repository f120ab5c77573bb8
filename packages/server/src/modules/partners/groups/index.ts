import { groupLinkRoutes } from './links.ts';
import { productGroups } from './product-groups.ts';
import {
  agreementPartners,
  agreementProductGroups,
  agreementProducts,
  groupAgreements,
  groupPartners,
  groupProducts,
} from './sub-lists.ts';
import { agreementProductGroupTable, productGroupProductTable } from './tables.ts';

// Catalog groups (issue 15): what the partners area registers for them.

export const groupResources = [
  productGroups,
  groupProducts,
  groupAgreements,
  groupPartners,
  agreementProductGroups,
  agreementProducts,
  agreementPartners,
];
export const groupTables = [productGroupProductTable, agreementProductGroupTable];
export { groupLinkRoutes };
export { recountAgreementGroups, unlinkAgreementGroups } from './stats.ts';
