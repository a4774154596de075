import type { Circle } from "@circleplan/shared/circle-outputs";

export const CIRCLE_TYPE_LABELS: Record<Circle["type"], string> = {
  personal: "Personal",
  family: "Family",
  work: "Work",
  custom: "Custom",
};

export function memberCountText(count: number): string {
  return count === 1 ? "1 member" : `${count} members`;
}
