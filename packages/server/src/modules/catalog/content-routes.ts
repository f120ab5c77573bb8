import { fileRoutes, fileStoreFor } from '../../files/index.ts';
import type { Api } from '../types.ts';
import { iconRoutes } from './content/icon.ts';
import { mediaRoutes } from './content/media.ts';
import { templateRoutes } from './content/templates.ts';
import { usageTemplateRoutes } from './content/usage-template.ts';

/** Content routes the engine cannot derive: files, template renderings, media and icon uploads, usage template. */
export function contentRoutes(api: Api) {
  const store = fileStoreFor(api.config);
  // a temporary store (no data dir) goes away with the server
  api.app.addHook('onClose', async () => {
    await store.dispose();
  });
  fileRoutes(api.app, store);
  templateRoutes(api);
  mediaRoutes(api, store);
  iconRoutes(api, store);
  usageTemplateRoutes(api);
}
