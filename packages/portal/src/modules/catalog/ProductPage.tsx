import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Navigate, useLocation, useMatches, useParams } from 'react-router';
import { productResource, type Product } from '@trellis/domain/catalog/product';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useNotice } from '../../app/notices.ts';
import { notFoundPath, routeByName, type RouteDef } from '../../app/routes.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useProduct, useProductVersion, useProductVersions, useReadOnly } from './common/data.ts';
import { productTabUrl, useViewedVersion } from './common/paths.ts';
import { GroupsTab } from './groups/GroupsTab.tsx';
import { ItemsTab } from './items/ItemsTab.tsx';
import { LocalizationTab } from './localization/LocalizationTab.tsx';
import { MediaTab } from './media/MediaTab.tsx';
import { ParametersTab } from './parameters/ParametersTab.tsx';
import { GeneralTab } from './product/GeneralTab.tsx';
import { ProductHeaderActions, VersionSelect } from './product/ProductHeaderActions.tsx';
import { ReadOnlyBanner } from './product/ReadOnlyBanner.tsx';
import { SettingsTab } from './product/SettingsTab.tsx';
import { TemplatesTab } from './templates/TemplatesTab.tsx';
import { VersionsTab } from './versions/VersionsTab.tsx';

/** Parameter tabs are their own reference routes; the product route carries the other tabs as `:tab`. */
const TAB_OF_ROUTE: Record<string, string> = {
  'product.parameters.ordering': 'ordering',
  'product.parameters.fulfillment': 'fulfillment',
  'product.configuration': 'configuration',
};

function useActiveTab(): string {
  const matches = useMatches();
  const { tab } = useParams();
  const route = (matches[matches.length - 1]?.handle as { route?: RouteDef } | undefined)?.route;
  return (route && TAB_OF_ROUTE[route.name]) ?? tab ?? 'general';
}

/** The status chip and the master version (the latest built one) beside the title. */
export function ProductTitleChips({ product }: { product: Pick<Product, 'status' | 'version'> }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <StatusChip status={product.status} machine={productResource.machine} />
      {product.version > 0 && (
        <Chip size="small" variant="outlined" color="primary" label={`Master version ${product.version}`} />
      )}
    </Box>
  );
}

/**
 * One product: its tabs over the live catalogue or, with `?version=N`, over the frozen copy of a built version.
 * Only the owning vendor on the live catalogue can change anything; everyone else gets a read-only banner.
 */
export default function ProductPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const tab = useActiveTab();
  const version = useViewedVersion();
  const live = useProduct(id);
  const frozen = useProductVersion(id, version);
  const versions = useProductVersions(id);
  const { readOnly, reason } = useReadOnly(live.data, version);
  const product = version ? frozen.data : live.data;
  const building = !!versions.data?.some((v) => v.build.status === 'building');

  const tabs = routeByName('product').tabs!;
  usePageChrome(
    {
      title: product?.name ?? '',
      assistiveTitle: `Product · ${id}${version ? ` · version ${version}` : ''}`,
      titleChip: live.data ? <ProductTitleChips product={live.data} /> : null,
      pageLoading: live.isPending,
      headerActions: live.data ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <VersionSelect productId={id} tab={tab} version={version} versions={versions.data ?? []} />
          {!readOnly && <ProductHeaderActions product={live.data} building={building} />}
        </Box>
      ) : null,
      tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: productTabUrl(id, t.id, version) })),
      activeTab: tab,
    },
    [product, live.data, tab, version, readOnly, versions.data, building],
  );

  // A message handed over by the page we came from; changing tab clears it.
  useNotice(`${tab}:${version ?? ''}`);

  const error = live.error ?? frozen.error;
  if (error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (error)
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void live.refetch();
          if (version) void frozen.refetch();
        }}
      />
    );
  if (!product || !live.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Paper>
    );
  }

  const props = { productId: id, readOnly, version };
  let content;
  switch (tab) {
    case 'items':
      content = <ItemsTab {...props} />;
      break;
    case 'groups':
      content = <GroupsTab {...props} />;
      break;
    case 'ordering':
    case 'fulfillment':
    case 'configuration':
      content = <ParametersTab key={tab} {...props} phase={tab} />;
      break;
    case 'versions':
      content = <VersionsTab {...props} />;
      break;
    case 'localization':
      content = <LocalizationTab productId={id} readOnly={readOnly} />;
      break;
    case 'media':
      content = <MediaTab {...props} />;
      break;
    case 'templates':
      content = <TemplatesTab {...props} />;
      break;
    case 'settings':
      content = <SettingsTab product={product} readOnly={readOnly} />;
      break;
    default:
      content = <GeneralTab product={product} readOnly={readOnly} />;
  }
  return (
    <>
      <ReadOnlyBanner
        reason={reason}
        owner={live.data.owner?.name ?? live.data.owner?.id ?? 'another account'}
        version={version}
        latestUrl={productTabUrl(id, tab)}
      />
      {content}
    </>
  );
}
