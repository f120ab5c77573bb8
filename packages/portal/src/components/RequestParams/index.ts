export { RequestParamsEditor, type RequestParamChange, type RequestParamsEditorProps } from './RequestParamsEditor.tsx';
export { paramErrorsFromApi, paramErrorsOf, type ParamErrors } from './paramErrors.ts';
export { INQUIRE_HINT, stateActions, type RequestAction, type Viewer } from './stateActions.ts';
export { useRequestViewer, validateRequestParams } from './validation.ts';
export { ActionButtons } from './ActionButtons.tsx';
