import { HexColorPicker } from 'react-colorful';

/** The colour picker (react-colorful), loaded only when a colour swatch is opened. */
export default function ColourPicker({ color, onChange }: { color: string; onChange: (hex: string) => void }) {
  return <HexColorPicker color={color} onChange={onChange} />;
}
