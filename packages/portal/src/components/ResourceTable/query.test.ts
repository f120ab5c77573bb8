import { describe, expect, it } from 'vitest';
import { requestResource } from '@trellis/domain/fulfillment/request';
import { tierConfigRequestResource } from '@trellis/domain/fulfillment/tier-config';
import { caseResource } from '@trellis/domain/helpdesk/case';
import { accountResource } from '@trellis/domain/identity/account';
import { tokenResource } from '@trellis/domain/identity/token';
import { buildListQuery, choiceFilters, idPattern } from './query.ts';

describe('list query', () => {
  it('defaults to the first page of 10 in the declared order', () => {
    expect(buildListQuery(accountResource, {})).toBe('ordering(name)&limit=10&offset=0');
  });

  it('turns the id filter into a prefix or wildcard like', () => {
    expect(idPattern('pa-018')).toBe('PA-018*');
    expect(idPattern('PRD-*-0001')).toBe('PRD-*-0001');
    expect(buildListQuery(accountResource, { id: 'va-1' })).toBe('like(id,VA-1*)&ordering(name)&limit=10&offset=0');
  });

  it('matches id or name, status choices, search, ordering and paging', () => {
    const q = buildListQuery(tokenResource, {
      idName: 'deploy',
      filters: { status: ['active', 'inactive'] },
      search: 'ci',
      ordering: '-name',
      limit: 25,
      offset: 50,
    });
    expect(q).toBe(
      'or(like(id,DEPLOY*),ilike(name,*deploy*))&in(status,(active,inactive))&ordering(-name)&limit=25&offset=50&search=ci',
    );
  });

  it('filters "assigned to me" by the user id', () => {
    expect(
      buildListQuery(tokenResource, { assignedToMe: true }, { userId: 'UR-1', assigneeField: 'events.created.by.id' }),
    ).toContain('eq(events.created.by.id,UR-1)');
  });

  it('drops filters the declaration does not allow', () => {
    expect(buildListQuery(accountResource, { filters: { status: ['active'] } })).not.toContain('status');
  });

  it('offers the declared choices, without deleted', () => {
    expect(choiceFilters(tokenResource)).toEqual([
      {
        field: 'status',
        label: 'Status',
        options: [
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ],
      },
    ]);
    const account = choiceFilters(accountResource);
    expect(account.map((c) => c.field)).toEqual(['type', 'role']);
    expect(account[1].options.map((o) => o.label)).toEqual(['Vendor', 'Distributor', 'Reseller']);
  });

  it('offers the SLA zone of requests and cases by name, and filters the zone numbers', () => {
    for (const decl of [requestResource, tierConfigRequestResource, caseResource]) {
      const zone = choiceFilters(decl).find((c) => c.field === 'sli.zone');
      expect(zone, decl.name).toEqual({
        field: 'sli.zone',
        label: 'SLA zone',
        options: [
          { value: '0', label: 'Green' },
          { value: '1', label: 'Yellow' },
          { value: '2', label: 'Red' },
        ],
      });
    }
    expect(buildListQuery(requestResource, { filters: { 'sli.zone': ['1', '2'] } })).toContain('in(sli.zone,(1,2))');
  });
});
