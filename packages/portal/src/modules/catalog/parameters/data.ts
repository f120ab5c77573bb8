import { useQuery } from '@tanstack/react-query';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import type { ParameterPhase } from '@trellis/domain/parameters/types';
import { listAll } from '../../../api/list.ts';
import { pathTo } from '../../../app/routes.ts';
import { partPath, withVersion } from '../common/paths.ts';

export const parametersPath = (productId: string, version?: number) => partPath(productId, 'parameters', version);

/** Every parameter of the product (all phases: dependencies and name checks look across them), by position. */
export function useProductParameters(productId: string, version?: number) {
  const path = parametersPath(productId, version);
  return useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: async ({ signal }) => {
      const all = await listAll<Parameter>(path, 'ordering(position)', signal);
      return [...all].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    },
  });
}

const DETAIL_ROUTES: Record<ParameterPhase, string> = {
  ordering: 'product.parameters.ordering.details',
  fulfillment: 'product.parameters.fulfillment.details',
  configuration: 'product.configuration.details',
};
const LIST_ROUTES: Record<ParameterPhase, string> = {
  ordering: 'product.parameters.ordering',
  fulfillment: 'product.parameters.fulfillment',
  configuration: 'product.configuration',
};

export const parameterUrl = (productId: string, phase: ParameterPhase, parameterId: string, version?: number) =>
  withVersion(pathTo(DETAIL_ROUTES[phase], { id: productId, parameterId }), version);

export const phaseTabUrl = (productId: string, phase: ParameterPhase, version?: number) =>
  withVersion(pathTo(LIST_ROUTES[phase], { id: productId }), version);
