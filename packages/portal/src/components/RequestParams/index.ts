export { RequestParamsEditor, type RequestParamChange, type RequestParamsEditorProps } from './RequestParamsEditor.tsx';
export { paramErrorsFromApi, paramErrorsOf, titledMessage, type ParamErrors } from './paramErrors.ts';
export { validateRequestParams } from './validation.ts';
