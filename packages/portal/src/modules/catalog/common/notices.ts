import type { ResourceDecl } from '@trellis/domain/resource/define';
import type { NoticeState } from '../../../app/notices.ts';

/** The notice a page carries to the list it returns to after its object was deleted (the declaration's wording). */
export const deletedNotice = (decl: ResourceDecl, obj: { id: string }): NoticeState => ({
  notice: { severity: 'success', content: decl.removal?.done(obj) ?? `${decl.title} ${obj.id} was deleted.` },
});
