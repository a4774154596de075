import { MEMBER_COLOR_VALUES, MEMBER_COLORS } from "@circleplan/shared/limits";
import { describe, expect, it } from "vitest";
import { nextMemberColor } from "./member-colors";

const [blue, orange, green, violet] = MEMBER_COLORS.map((color) => color.value) as [
  string,
  string,
  string,
  string,
];

describe("nextMemberColor", () => {
  it("gives a circle's members the palette in order while colours are free", () => {
    const given: string[] = [];
    for (let joined = 0; joined < MEMBER_COLOR_VALUES.length; joined++) {
      given.push(nextMemberColor(given));
    }
    expect(given).toEqual(MEMBER_COLOR_VALUES);
  });

  it("gives the first free colour, even one freed by someone who left", () => {
    expect(nextMemberColor([blue, green])).toBe(orange);
    expect(nextMemberColor([orange, blue, green])).toBe(violet);
  });

  it("does not hand out a colour a member chose for themselves while another is free", () => {
    // The second member chose Blue: the newcomer gets Orange, not a second Blue.
    expect(nextMemberColor([blue, blue])).toBe(orange);
  });

  it("goes round again once every colour is taken, fewest holders first", () => {
    expect(nextMemberColor(MEMBER_COLOR_VALUES)).toBe(blue);
    expect(nextMemberColor([...MEMBER_COLOR_VALUES, blue])).toBe(orange);
    expect(nextMemberColor([...MEMBER_COLOR_VALUES, blue, green])).toBe(orange);
  });

  it("ignores colours outside the palette (none should exist; a stray one takes nothing)", () => {
    expect(nextMemberColor(["#000000"])).toBe(blue);
  });
});
