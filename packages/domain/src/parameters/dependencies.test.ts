import { describe, expect, it } from 'vitest';
import { defaultValues, effectiveConstraints, visibleParameters } from './dependencies.ts';
import { parameterDefinitionIssues, type ParameterDefinition } from './definition.ts';
import type { ParameterLike } from './types.ts';

const plan: ParameterLike = {
  name: 'plan',
  type: 'checkbox',
  position: 1,
  constraints: {
    choices: [
      { value: 'pro', label: 'Pro', default: true },
      { value: 'basic', label: 'Basic' },
    ],
  },
};
const seats: ParameterLike = {
  name: 'seats',
  type: 'text',
  position: 2,
  constraints: { dependency: { parameter: { name: 'plan' }, values: ['pro'], required: true } },
};
const note: ParameterLike = {
  name: 'note',
  type: 'text',
  position: 3,
  constraints: { required: true, dependency: { parameter: { name: 'plan' }, values: ['basic'], hidden: false } },
};
const secret: ParameterLike = { name: 'secret', type: 'text', position: 0, constraints: { hidden: true } };
const all = [note, seats, plan, secret];

describe('visibleParameters (form preview)', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['nothing checked: dependents hidden unless hidden:false', {}, ['plan', 'note']],
    ['pro checked: seats shown', { plan: { structured_value: { pro: true } } }, ['plan', 'seats', 'note']],
    ['basic checked', { plan: { structured_value: { basic: true, pro: false } } }, ['plan', 'note']],
  ])('%s', (_label, values, names) => {
    expect(visibleParameters(all, values as never).map((p) => p.name)).toEqual(names);
  });

  it('returns effective constraints: met applies the dependency, unmet reverts', () => {
    const met = visibleParameters(all, { plan: { structured_value: { pro: true } } });
    expect(met.find((p) => p.name === 'seats')?.constraints.required).toBe(true);
    expect(met.find((p) => p.name === 'note')?.constraints.required).toBe(false);
    expect(effectiveConstraints(note, all, { plan: { structured_value: { basic: true } } }).required).toBe(true);
  });
});

describe('defaultValues', () => {
  it('checkbox defaults come from flagged choices; others from default', () => {
    const text: ParameterLike = { name: 't', type: 'text', default: 'hello' };
    const choice: ParameterLike = {
      name: 'c',
      type: 'choice',
      constraints: {
        choices: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y', default: true },
        ],
      },
    };
    expect(defaultValues([plan, text, choice])).toEqual({
      plan: { value: null, structured_value: { pro: true, basic: false } },
      t: { value: 'hello' },
      c: { value: 'y' },
    });
  });
});

describe('parameterDefinitionIssues', () => {
  const def = (d: Partial<ParameterDefinition>): ParameterDefinition => ({
    name: 'x',
    type: 'text',
    phase: 'ordering',
    scope: 'asset',
    constraints: {},
    ...d,
  });
  it.each<[string, ParameterDefinition, string[]]>([
    ['valid text', def({}), []],
    ['fulfillment allows tier2', def({ phase: 'fulfillment', scope: 'tier2' }), []],
    [
      'configuration forbids asset',
      def({ phase: 'configuration', scope: 'asset' }),
      [
        "scope: Scope 'asset' is not allowed in the configuration phase; use one of: product, item, marketplace, item_marketplace.",
      ],
    ],
    [
      'dropdown without choices',
      def({ type: 'dropdown' }),
      ['constraints.choices: At least one choice is required for a dropdown parameter.'],
    ],
    [
      'two defaults',
      def({
        type: 'choice',
        constraints: {
          choices: [
            { value: 'a', label: 'A', default: true },
            { value: 'b', label: 'B', default: true },
          ],
        },
      }),
      ['constraints.choices: Only one choice can be the default.'],
    ],
    [
      'min > max',
      def({ type: 'password', constraints: { min_length: 9, max_length: 8 } }),
      ['constraints.min_length: Minimum length (9) must not exceed maximum length (8).'],
    ],
    [
      'required heading',
      def({ type: 'heading', constraints: { required: true } }),
      ['constraints.required: A heading parameter carries no value and cannot be required or unique.'],
    ],
    [
      'dependency without a name',
      def({ constraints: { dependency: { parameter: {} } } }),
      ['constraints.dependency.parameter.name: This field is required'],
    ],
  ])('%s', (_label, d, expected) => {
    expect(parameterDefinitionIssues(d).map((i) => `${i.path}: ${i.message}`)).toEqual(expected);
  });

  it('detects a dependency cycle', () => {
    const a = def({
      name: 'a',
      type: 'checkbox',
      constraints: { choices: [{ value: 'on', label: 'On' }], dependency: { parameter: { name: 'b' } } },
    });
    const b = def({
      name: 'b',
      type: 'checkbox',
      constraints: { choices: [{ value: 'on', label: 'On' }], dependency: { parameter: { name: 'a' } } },
    });
    expect(parameterDefinitionIssues(a, [a, b]).map((i) => i.message)).toEqual([
      'Dependencies form a cycle: a → b → a.',
    ]);
  });
});
