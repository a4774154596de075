/**
 * The country table behind registration: calling code, the digit count a national number may
 * have, and the cities offered. The form and the server both validate the country and the phone
 * against it; the cities are only suggestions, as any city may be typed (docs/decisions/021).
 */
export interface Country {
  /** ISO 3166-1 alpha-2 */
  code: string;
  name: string;
  /** Calling code with its plus sign, e.g. "+1". */
  phoneCode: string;
  phoneDigits: { min: number; max: number };
  cities: readonly string[];
}

const c = (
  code: string,
  name: string,
  phoneCode: string,
  min: number,
  max: number,
  cities: string[],
): Country => ({ code, name, phoneCode, phoneDigits: { min, max }, cities });

export const countries: readonly Country[] = [
  c("AR", "Argentina", "+54", 10, 10, [
    "Buenos Aires",
    "Córdoba",
    "Rosario",
    "Mendoza",
    "La Plata",
  ]),
  c("AU", "Australia", "+61", 9, 9, [
    "Sydney",
    "Melbourne",
    "Brisbane",
    "Perth",
    "Adelaide",
    "Canberra",
  ]),
  c("AT", "Austria", "+43", 10, 13, ["Vienna", "Graz", "Linz", "Salzburg", "Innsbruck"]),
  c("BE", "Belgium", "+32", 8, 9, ["Brussels", "Antwerp", "Ghent", "Bruges", "Liège"]),
  c("BR", "Brazil", "+55", 10, 11, [
    "São Paulo",
    "Rio de Janeiro",
    "Brasília",
    "Salvador",
    "Fortaleza",
  ]),
  c("CA", "Canada", "+1", 10, 10, [
    "Toronto",
    "Montreal",
    "Vancouver",
    "Calgary",
    "Ottawa",
    "Edmonton",
  ]),
  c("CL", "Chile", "+56", 9, 9, [
    "Santiago",
    "Valparaíso",
    "Concepción",
    "La Serena",
    "Antofagasta",
  ]),
  c("CN", "China", "+86", 11, 11, [
    "Beijing",
    "Shanghai",
    "Guangzhou",
    "Shenzhen",
    "Chengdu",
    "Hangzhou",
  ]),
  c("CO", "Colombia", "+57", 10, 10, ["Bogotá", "Medellín", "Cali", "Barranquilla", "Cartagena"]),
  c("CZ", "Czechia", "+420", 9, 9, ["Prague", "Brno", "Ostrava", "Plzeň", "Olomouc"]),
  c("DK", "Denmark", "+45", 8, 8, ["Copenhagen", "Aarhus", "Odense", "Aalborg", "Esbjerg"]),
  c("EG", "Egypt", "+20", 10, 10, ["Cairo", "Alexandria", "Giza", "Luxor", "Aswan"]),
  c("FI", "Finland", "+358", 9, 10, ["Helsinki", "Espoo", "Tampere", "Turku", "Oulu"]),
  c("FR", "France", "+33", 10, 10, ["Paris", "Marseille", "Lyon", "Toulouse", "Nice", "Bordeaux"]),
  c("DE", "Germany", "+49", 10, 12, [
    "Berlin",
    "Hamburg",
    "Munich",
    "Cologne",
    "Frankfurt",
    "Stuttgart",
  ]),
  c("GR", "Greece", "+30", 10, 10, ["Athens", "Thessaloniki", "Patras", "Heraklion", "Larissa"]),
  c("HK", "Hong Kong", "+852", 8, 8, ["Hong Kong", "Kowloon", "Tsuen Wan", "Sha Tin"]),
  c("IN", "India", "+91", 10, 10, [
    "Mumbai",
    "Delhi",
    "Bengaluru",
    "Hyderabad",
    "Chennai",
    "Kolkata",
    "Pune",
  ]),
  c("ID", "Indonesia", "+62", 9, 12, ["Jakarta", "Surabaya", "Bandung", "Medan", "Denpasar"]),
  c("IE", "Ireland", "+353", 9, 9, ["Dublin", "Cork", "Limerick", "Galway", "Waterford"]),
  c("IL", "Israel", "+972", 9, 9, ["Jerusalem", "Tel Aviv", "Haifa", "Beersheba", "Eilat"]),
  c("IT", "Italy", "+39", 9, 11, ["Rome", "Milan", "Naples", "Turin", "Florence", "Bologna"]),
  c("JP", "Japan", "+81", 10, 11, [
    "Tokyo",
    "Osaka",
    "Yokohama",
    "Nagoya",
    "Sapporo",
    "Kyoto",
    "Fukuoka",
  ]),
  c("KE", "Kenya", "+254", 9, 9, ["Nairobi", "Mombasa", "Kisumu", "Nakuru", "Eldoret"]),
  c("MY", "Malaysia", "+60", 9, 10, [
    "Kuala Lumpur",
    "George Town",
    "Johor Bahru",
    "Ipoh",
    "Kota Kinabalu",
  ]),
  c("MX", "Mexico", "+52", 10, 10, ["Mexico City", "Guadalajara", "Monterrey", "Puebla", "Cancún"]),
  c("NL", "Netherlands", "+31", 9, 9, [
    "Amsterdam",
    "Rotterdam",
    "The Hague",
    "Utrecht",
    "Eindhoven",
  ]),
  c("NZ", "New Zealand", "+64", 8, 10, [
    "Auckland",
    "Wellington",
    "Christchurch",
    "Hamilton",
    "Dunedin",
  ]),
  c("NG", "Nigeria", "+234", 10, 10, ["Lagos", "Abuja", "Kano", "Ibadan", "Port Harcourt"]),
  c("NO", "Norway", "+47", 8, 8, ["Oslo", "Bergen", "Trondheim", "Stavanger", "Tromsø"]),
  c("PK", "Pakistan", "+92", 10, 10, [
    "Karachi",
    "Lahore",
    "Islamabad",
    "Faisalabad",
    "Rawalpindi",
  ]),
  c("PH", "Philippines", "+63", 10, 10, [
    "Manila",
    "Quezon City",
    "Cebu City",
    "Davao City",
    "Makati",
  ]),
  c("PL", "Poland", "+48", 9, 9, ["Warsaw", "Kraków", "Łódź", "Wrocław", "Poznań", "Gdańsk"]),
  c("PT", "Portugal", "+351", 9, 9, ["Lisbon", "Porto", "Braga", "Coimbra", "Faro"]),
  c("SA", "Saudi Arabia", "+966", 9, 9, ["Riyadh", "Jeddah", "Mecca", "Medina", "Dammam"]),
  c("SG", "Singapore", "+65", 8, 8, ["Singapore"]),
  c("ZA", "South Africa", "+27", 9, 9, [
    "Johannesburg",
    "Cape Town",
    "Durban",
    "Pretoria",
    "Port Elizabeth",
  ]),
  c("KR", "South Korea", "+82", 9, 10, ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon"]),
  c("ES", "Spain", "+34", 9, 9, ["Madrid", "Barcelona", "Valencia", "Seville", "Bilbao", "Málaga"]),
  c("SE", "Sweden", "+46", 7, 9, ["Stockholm", "Gothenburg", "Malmö", "Uppsala", "Västerås"]),
  c("CH", "Switzerland", "+41", 9, 9, ["Zurich", "Geneva", "Basel", "Bern", "Lausanne"]),
  c("TH", "Thailand", "+66", 9, 9, ["Bangkok", "Chiang Mai", "Phuket", "Pattaya", "Khon Kaen"]),
  c("TR", "Turkey", "+90", 10, 10, ["Istanbul", "Ankara", "Izmir", "Bursa", "Antalya"]),
  c("AE", "United Arab Emirates", "+971", 8, 9, [
    "Dubai",
    "Abu Dhabi",
    "Sharjah",
    "Ajman",
    "Al Ain",
  ]),
  c("GB", "United Kingdom", "+44", 10, 11, [
    "London",
    "Manchester",
    "Birmingham",
    "Glasgow",
    "Edinburgh",
    "Liverpool",
    "Bristol",
  ]),
  c("US", "United States", "+1", 10, 10, [
    "New York",
    "Los Angeles",
    "Chicago",
    "Houston",
    "Phoenix",
    "Philadelphia",
    "San Antonio",
    "San Diego",
    "Dallas",
    "San Francisco",
    "Seattle",
    "Boston",
  ]),
  c("VN", "Vietnam", "+84", 9, 10, [
    "Hanoi",
    "Ho Chi Minh City",
    "Da Nang",
    "Hai Phong",
    "Can Tho",
  ]),
];

const byCode = new Map(countries.map((country) => [country.code, country]));

export function findCountry(code: string): Country | undefined {
  return byCode.get(code);
}

/**
 * "Phone number must be 10 digits for the country" or "... must be 10-11 digits for the
 * country", in the spec's words.
 */
export function phoneLengthMessage(country: Country): string {
  const { min, max } = country.phoneDigits;
  return `Phone number must be ${min === max ? min : `${min}-${max}`} digits for the country`;
}

/**
 * Splits "+1 2125550123" into the calling code and the national digits. Spaces, dashes, dots
 * and brackets inside the national part are allowed and ignored.
 */
export function splitPhoneNumber(value: string): { callingCode: string; digits: string } | null {
  const match = /^(\+\d{1,4})\s+([\d\s().-]+)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  return { callingCode: match[1], digits: match[2].replace(/\D/g, "") };
}
