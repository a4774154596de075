/** The creation dialog's colours (accounts spec, section 3); drawing them is CircleAvatar's. */

/** Swatches the creation dialog offers; any other colour is one click away (the native picker). */
export const COLOR_CHOICES = [
  { value: "#8B5CF6", name: "Purple" },
  { value: "#3B82F6", name: "Blue" },
  { value: "#10B981", name: "Green" },
  { value: "#F59E0B", name: "Amber" },
  { value: "#EF4444", name: "Red" },
  { value: "#EC4899", name: "Pink" },
  { value: "#14B8A6", name: "Teal" },
  { value: "#6B7280", name: "Grey" },
] as const;
