import { describe, expect, it } from 'vitest';
import type { ReportParameter } from '@trellis/domain/reporting/parameters';
import { inputOf, parameterProblems, parametersBody } from './parameterInputs.ts';

const range: ReportParameter = { id: 'period', type: 'date_range', name: 'Created', description: '', required: true };
const status: ReportParameter = {
  id: 'status',
  type: 'checkbox',
  name: 'Status',
  description: '',
  choices: [{ value: 'approved', label: 'Approved' }],
};

describe('report parameter inputs', () => {
  it('a range of days, both included, is the API’s after (inclusive) to before (exclusive), and back', () => {
    const body = parametersBody([range], { period: { from: '2026-12-01', to: '2026-12-31' } });
    expect(body).toEqual({ period: { after: '2026-12-01', before: '2027-01-01' } });
    expect(inputOf(range, body.period)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('leaves empty values out and says what is wrong in the domain’s words', () => {
    const inputs = { period: { from: '', to: '' }, status: { all: false, choices: [] } };
    expect(parametersBody([range, status], inputs)).toEqual({ status: { all: false, choices: [] } });
    expect(parameterProblems([range, status], inputs)).toEqual({
      period: 'This field is required',
      status: 'Choose at least one value, or all.',
    });
    expect(parameterProblems([range], { period: { from: '2026-12-01', to: '' } })).toEqual({
      period: 'Give both the first and the last day.',
    });
  });
});
