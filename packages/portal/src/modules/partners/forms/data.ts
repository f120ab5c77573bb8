import { pathTo } from '../../../app/routes.ts';

export const FORMS_PATH = '/forms';
export const formPath = (id: string) => `${FORMS_PATH}/${id}`;
export const formUrl = (id: string) => pathTo('partners.forms.details', { id });
