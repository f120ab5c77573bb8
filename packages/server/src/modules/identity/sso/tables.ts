import { defineTable, text, timestamp } from '../../../resources/table.ts';

export const idpTable = defineTable('idps', {
  id: text('id'),
  account_id: text('owner.id'),
  type: text('type'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

export const ssoServiceTable = defineTable('sso_services', {
  id: text('id'),
  account_id: text('owner.id'),
  idp_id: text('idp.id'),
  status: text('status'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});
