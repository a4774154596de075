/** The working sentence: normalised for the rules, mapped back to the words as said. */
import { describe, expect, it } from "vitest";
import { NORMALISATION } from "./normalise";
import { Sentence } from "./sentence";

const read = (text: string) => new Sentence(text, NORMALISATION);

describe("Sentence", () => {
  it.each([
    ["Karate at five thirty", "karate at 5:30"],
    ["in two days", "in 2 days"],
    ["remind me an hour before", "remind me 1 hour before"],
    ["half past four", "4:30"],
    ["quarter to eight", "7:45"],
    ["at 7 P.M.", "at 7 pm"],
    ["between 2 and 4", "from 2 to 4"],
    ["3-5pm", "3 to 5pm"],
    ["at 1730", "at 17:30"],
    ["on the twenty-first", "on the 21st"],
    ["around 6ish", "at 6"],
    ["once a week", "once a week"],
  ])("reads %j as %j", (said, working) => {
    expect(read(said).text).toBe(working);
  });

  it("gives the title the words as said, whatever was normalised", () => {
    const sentence = read("Buy two cartons of milk at five thirty");
    const at = sentence.text.indexOf("at 5:30");
    sentence.take(at, at + "at 5:30".length);
    expect(sentence.rest().trim()).toBe("Buy two cartons of milk");
    expect(sentence.said(0, 3)).toBe("Buy");
  });

  it("masks taken and hidden words for later rules; hidden words stay in the title", () => {
    const sentence = read("Movie night on Friday");
    sentence.hide(6, 11);
    const at = sentence.text.indexOf("on friday");
    sentence.take(at, at + "on friday".length);
    expect(sentence.text).toBe("movie ||||| |||||||||");
    expect(sentence.rest().trim()).toBe("Movie night");
    expect(sentence.capitalisedAt(0)).toBe(true);
    expect(sentence.capitalisedAt(6)).toBe(false);
  });
});
