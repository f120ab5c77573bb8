export { ConversationPanel, type ConversationPanelProps } from './ConversationPanel.tsx';
export { ConversationTab } from './ConversationTab.tsx';
