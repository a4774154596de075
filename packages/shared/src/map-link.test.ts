import { describe, expect, it } from "vitest";
import { mapLinkOf, type PlanPlace } from "./map-link";

const nowhere: PlanPlace = {
  location: null,
  locationLat: null,
  locationLng: null,
  locationPlaceId: null,
  mapUrl: null,
};

describe("mapLinkOf", () => {
  it("keeps the plan's own map URL", () => {
    const mapUrl = "https://maps.example.com/?q=school";
    expect(mapLinkOf({ ...nowhere, location: "School", mapUrl })).toBe(mapUrl);
  });

  it("never links a map URL that is not a web address (a javascript: link stored before the check)", () => {
    expect(mapLinkOf({ ...nowhere, mapUrl: "javascript:alert(1)" })).toBeNull();
    expect(mapLinkOf({ ...nowhere, location: "Gran's", mapUrl: "data:text/html,x" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Gran%27s",
    );
  });

  it("searches the coordinates when there are some, with the place id", () => {
    expect(
      mapLinkOf({
        ...nowhere,
        location: "Music school",
        locationLat: 52.52,
        locationLng: 13.4,
        locationPlaceId: "ChIJAVkDPzdOqEcRcDteW0YgIQQ",
      }),
    ).toBe(
      "https://www.google.com/maps/search/?api=1&query=52.52%2C13.4&query_place_id=ChIJAVkDPzdOqEcRcDteW0YgIQQ",
    );
  });

  it("searches the place's words, encoded, when that is all there is", () => {
    expect(mapLinkOf({ ...nowhere, location: "Café Zoë & Co, 12 High St #3" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Caf%C3%A9+Zo%C3%AB+%26+Co%2C+12+High+St+%233",
    );
  });

  it("has no link without a place", () => {
    expect(mapLinkOf(nowhere)).toBeNull();
    expect(mapLinkOf({ ...nowhere, location: "   " })).toBeNull();
  });
});
