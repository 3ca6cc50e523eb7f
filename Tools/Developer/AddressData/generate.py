#!/usr/bin/env python3
"""Generates the synthetic AU + NZ address dataset bundled with AddressLookupFeature.

Every address is invented: real suburb, town and city names with their real
postcodes (public facts), combined with common street names and random
numbers. No address register or licensed source is used, so a generated
address may or may not exist.

Deterministic: a fixed seed and a self-contained PRNG (no `random` module),
so the same script writes byte-identical output on every run and Python
version.

Usage:  python3 Tools/Developer/AddressData/generate.py [output-path]
Default output: Tools/Developer/AddressData/addresses.tsv (then `swift run address-index` prepares the bundled index)
"""
import os
import sys

SEED = 0x5EED_ADD4E55

class Rng:
    """SplitMix64: tiny, fast, and identical everywhere."""
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def choice(self, items):
        return items[self.below(len(items))]

    def chance(self, percent):
        return self.below(100) < percent

# (suburb, postcode) per state or territory, and how many addresses each gets.
AU = {
    "NSW": (2200, [
        ("Sydney", "2000"), ("Haymarket", "2000"), ("Surry Hills", "2010"), ("Darlinghurst", "2010"),
        ("Paddington", "2021"), ("Bondi", "2026"), ("Bondi Junction", "2022"), ("Randwick", "2031"),
        ("Coogee", "2034"), ("Maroubra", "2035"), ("Newtown", "2042"), ("Marrickville", "2204"),
        ("Leichhardt", "2040"), ("Balmain", "2041"), ("Glebe", "2037"), ("Redfern", "2016"),
        ("Chatswood", "2067"), ("North Sydney", "2060"), ("Mosman", "2088"), ("Manly", "2095"),
        ("Dee Why", "2099"), ("Hornsby", "2077"), ("Ryde", "2112"), ("Epping", "2121"),
        ("Parramatta", "2150"), ("Blacktown", "2148"), ("Penrith", "2750"), ("Liverpool", "2170"),
        ("Bankstown", "2200"), ("Hurstville", "2220"), ("Cronulla", "2230"), ("Sutherland", "2232"),
        ("Castle Hill", "2154"), ("Newcastle", "2300"), ("Merewether", "2291"), ("Wollongong", "2500"),
        ("Gosford", "2250"), ("Wagga Wagga", "2650"), ("Albury", "2640"), ("Orange", "2800"),
        ("Bathurst", "2795"), ("Dubbo", "2830"), ("Tamworth", "2340"), ("Armidale", "2350"),
        ("Port Macquarie", "2444"), ("Coffs Harbour", "2450"), ("Lismore", "2480"), ("Byron Bay", "2481"),
        ("Queanbeyan", "2620"), ("Goulburn", "2580"),
    ]),
    "VIC": (2000, [
        ("Melbourne", "3000"), ("Southbank", "3006"), ("Docklands", "3008"), ("Carlton", "3053"),
        ("Brunswick", "3056"), ("Fitzroy", "3065"), ("Collingwood", "3066"), ("Abbotsford", "3067"),
        ("Richmond", "3121"), ("Hawthorn", "3122"), ("Camberwell", "3124"), ("Box Hill", "3128"),
        ("Kew", "3101"), ("South Yarra", "3141"), ("Prahran", "3181"), ("St Kilda", "3182"),
        ("Elwood", "3184"), ("Brighton", "3186"), ("Footscray", "3011"), ("Williamstown", "3016"),
        ("Sunshine", "3020"), ("Essendon", "3040"), ("Coburg", "3058"), ("Preston", "3072"),
        ("Heidelberg", "3084"), ("Doncaster", "3108"), ("Ringwood", "3134"), ("Frankston", "3199"),
        ("Dandenong", "3175"), ("Geelong", "3220"), ("Ballarat", "3350"), ("Bendigo", "3550"),
        ("Shepparton", "3630"), ("Wodonga", "3690"), ("Warrnambool", "3280"), ("Mildura", "3500"),
        ("Traralgon", "3844"), ("Torquay", "3228"),
    ]),
    "QLD": (1500, [
        ("Brisbane City", "4000"), ("Spring Hill", "4000"), ("Fortitude Valley", "4006"), ("New Farm", "4005"),
        ("South Brisbane", "4101"), ("West End", "4101"), ("Woolloongabba", "4102"), ("Paddington", "4064"),
        ("Toowong", "4066"), ("Indooroopilly", "4068"), ("Chermside", "4032"), ("Carindale", "4152"),
        ("Wynnum", "4178"), ("Ipswich", "4305"), ("Logan Central", "4114"), ("Redcliffe", "4020"),
        ("Southport", "4215"), ("Surfers Paradise", "4217"), ("Burleigh Heads", "4220"), ("Coolangatta", "4225"),
        ("Maroochydore", "4558"), ("Noosa Heads", "4567"), ("Caloundra", "4551"), ("Toowoomba", "4350"),
        ("Rockhampton", "4700"), ("Mackay", "4740"), ("Townsville", "4810"), ("Cairns", "4870"),
        ("Bundaberg", "4670"), ("Hervey Bay", "4655"), ("Gladstone", "4680"),
    ]),
    "WA": (800, [
        ("Perth", "6000"), ("Northbridge", "6003"), ("East Perth", "6004"), ("West Perth", "6005"),
        ("Subiaco", "6008"), ("Leederville", "6007"), ("Mount Lawley", "6050"), ("Victoria Park", "6100"),
        ("Fremantle", "6160"), ("Cottesloe", "6011"), ("Scarborough", "6019"), ("Joondalup", "6027"),
        ("Midland", "6056"), ("Armadale", "6112"), ("Rockingham", "6168"), ("Mandurah", "6210"),
        ("Bunbury", "6230"), ("Busselton", "6280"), ("Albany", "6330"), ("Geraldton", "6530"),
        ("Kalgoorlie", "6430"), ("Broome", "6725"), ("Karratha", "6714"),
    ]),
    "SA": (650, [
        ("Adelaide", "5000"), ("North Adelaide", "5006"), ("Norwood", "5067"), ("Unley", "5061"),
        ("Glenelg", "5045"), ("Prospect", "5082"), ("Burnside", "5066"), ("Henley Beach", "5022"),
        ("Port Adelaide", "5015"), ("Salisbury", "5108"), ("Elizabeth", "5112"), ("Modbury", "5092"),
        ("Marion", "5043"), ("Mount Barker", "5251"), ("Victor Harbor", "5211"), ("Murray Bridge", "5253"),
        ("Mount Gambier", "5290"), ("Whyalla", "5600"), ("Port Augusta", "5700"), ("Port Lincoln", "5606"),
    ]),
    "TAS": (350, [
        ("Hobart", "7000"), ("North Hobart", "7000"), ("Sandy Bay", "7005"), ("Battery Point", "7004"),
        ("New Town", "7008"), ("Glenorchy", "7010"), ("Moonah", "7009"), ("Kingston", "7050"),
        ("Bellerive", "7018"), ("Launceston", "7250"), ("Invermay", "7248"), ("Devonport", "7310"),
        ("Burnie", "7320"), ("Ulverstone", "7315"), ("George Town", "7253"),
    ]),
    "ACT": (300, [
        ("Canberra", "2601"), ("Braddon", "2612"), ("Turner", "2612"), ("Dickson", "2602"),
        ("Ainslie", "2602"), ("O'Connor", "2602"), ("Lyneham", "2602"), ("Kingston", "2604"),
        ("Barton", "2600"), ("Deakin", "2600"), ("Yarralumla", "2600"), ("Griffith", "2603"),
        ("Belconnen", "2617"), ("Bruce", "2617"), ("Phillip", "2606"), ("Weston", "2611"),
        ("Kambah", "2902"), ("Greenway", "2900"), ("Gungahlin", "2912"),
    ]),
    "NT": (200, [
        ("Darwin City", "0800"), ("Larrakeyah", "0820"), ("Parap", "0820"), ("Fannie Bay", "0820"),
        ("Stuart Park", "0820"), ("Nightcliff", "0810"), ("Casuarina", "0810"), ("Palmerston City", "0830"),
        ("Katherine", "0850"), ("Tennant Creek", "0860"), ("Alice Springs", "0870"), ("Nhulunbuy", "0880"),
    ]),
}

# (suburb or "" for a town without one, city, postcode), by region of New Zealand.
NZ_COUNT = 3000
NZ = [
    # Auckland
    ("Auckland Central", "Auckland", "1010"), ("Ponsonby", "Auckland", "1011"), ("Grey Lynn", "Auckland", "1021"),
    ("Parnell", "Auckland", "1052"), ("Newmarket", "Auckland", "1023"), ("Remuera", "Auckland", "1050"),
    ("Mount Eden", "Auckland", "1024"), ("Epsom", "Auckland", "1023"), ("Devonport", "Auckland", "0624"),
    ("Takapuna", "Auckland", "0622"), ("Albany", "Auckland", "0632"), ("Henderson", "Auckland", "0612"),
    ("Manukau", "Auckland", "2104"), ("Papatoetoe", "Auckland", "2025"), ("Howick", "Auckland", "2014"),
    ("Onehunga", "Auckland", "1061"), ("Mount Albert", "Auckland", "1025"),
    # Wellington
    ("Wellington Central", "Wellington", "6011"), ("Te Aro", "Wellington", "6011"), ("Thorndon", "Wellington", "6011"),
    ("Kelburn", "Wellington", "6012"), ("Karori", "Wellington", "6012"), ("Newtown", "Wellington", "6021"),
    ("Island Bay", "Wellington", "6023"), ("Miramar", "Wellington", "6022"), ("Johnsonville", "Wellington", "6037"),
    ("Petone", "Lower Hutt", "5012"), ("Lower Hutt Central", "Lower Hutt", "5010"), ("", "Porirua", "5022"),
    ("", "Masterton", "5810"),
    # Canterbury
    ("Christchurch Central", "Christchurch", "8011"), ("Riccarton", "Christchurch", "8041"),
    ("Fendalton", "Christchurch", "8041"), ("Merivale", "Christchurch", "8014"), ("Papanui", "Christchurch", "8053"),
    ("Addington", "Christchurch", "8024"), ("Sumner", "Christchurch", "8081"), ("", "Timaru", "7910"),
    # Waikato and Bay of Plenty
    ("Hamilton Central", "Hamilton", "3204"), ("Frankton", "Hamilton", "3204"), ("Hamilton East", "Hamilton", "3216"),
    ("", "Tauranga", "3110"), ("Mount Maunganui", "Tauranga", "3116"), ("", "Rotorua", "3010"),
    # Otago and Southland
    ("Dunedin Central", "Dunedin", "9016"), ("North Dunedin", "Dunedin", "9016"), ("St Clair", "Dunedin", "9012"),
    ("Mosgiel", "Dunedin", "9024"), ("", "Queenstown", "9300"), ("", "Invercargill", "9810"),
    # The rest of the North Island
    ("", "Palmerston North", "4410"), ("Napier South", "Napier", "4110"), ("", "Hastings", "4122"),
    ("", "New Plymouth", "4310"), ("", "Whanganui", "4500"), ("", "Gisborne", "4010"), ("", "Whangārei", "0110"),
    # The rest of the South Island
    ("", "Nelson", "7010"), ("", "Richmond", "7020"), ("", "Blenheim", "7201"), ("", "Greymouth", "7805"),
]

NAMES = [
    "Smith", "King", "Queen", "George", "High", "Church", "Victoria", "Albert", "Main", "Station",
    "Park", "Railway", "Bridge", "William", "Elizabeth", "Collins", "Bourke", "Hill", "Market", "Mill",
    "Charles", "Edward", "Wellington", "Lake", "River", "Beach", "Ocean", "Forest", "Garden", "Grove",
    "Oak", "Elm", "Cedar", "Wattle", "Banksia", "Acacia", "Jacaranda", "Eucalyptus", "Hawthorn", "Pine",
    "Stanley", "Nelson", "Raglan", "Cook", "Flinders", "Macquarie", "Hunter", "Darling", "Murray", "Lachlan",
    "Campbell", "Douglas", "Gordon", "Hamilton", "Johnston", "Kent", "Lincoln", "Marion", "Norton", "Osborne",
    "Palmer", "Roberts", "Russell", "Stewart", "Taylor", "Thompson", "Walker", "Wilson", "Young", "Brown",
    "Clarence", "Denison", "Hobson", "Jervois", "Liverpool", "Napier", "Oxford", "Cambridge", "York", "Windsor",
]
NZ_NAMES = ["Kowhai", "Rimu", "Totara", "Matai", "Miro", "Kauri", "Manuka", "Puriri", "Nikau", "Tui", "Ngaio", "Karaka"]
TYPES = [
    ("Street", 40), ("Road", 20), ("Avenue", 8), ("Parade", 4), ("Crescent", 5), ("Drive", 5), ("Place", 4),
    ("Lane", 3), ("Terrace", 4), ("Court", 3), ("Close", 2), ("Way", 2), ("Boulevard", 1), ("Highway", 1),
]
WEIGHTED_TYPES = [name for name, weight in TYPES for _ in range(weight)]

# Fixed addresses the tests and the guides rely on.
ANCHORS = [
    ("AU", "", "12", "Smith Street", "Collingwood", "VIC", "3066"),
    ("AU", "3", "12", "Smith Street", "Collingwood", "VIC", "3066"),
    ("AU", "", "1", "Martin Place", "Sydney", "NSW", "2000"),
    ("NZ", "", "1", "Queen Street", "Auckland Central", "Auckland", "1010"),
    ("NZ", "", "12", "Kowhai Street", "", "Whangārei", "0110"),
]

def streets_for(rng, extra_names):
    names = NAMES + extra_names
    count = 10 + rng.below(12)
    chosen = []
    while len(chosen) < count:
        street = rng.choice(names) + " " + rng.choice(WEIGHTED_TYPES)
        if street not in chosen:
            chosen.append(street)
    return chosen

def number(rng):
    value = 1 + (rng.below(60) if rng.chance(60) else rng.below(240))
    suffix = rng.choice(["A", "B"]) if rng.chance(4) else ""
    return f"{value}{suffix}"

def generate():
    rng = Rng(SEED)
    rows, seen = [], set()

    def add(market, unit, num, street, suburb, area, postcode):
        key = (market, unit, num, street, suburb, area)
        if key in seen:
            return False
        seen.add(key)
        rows.append((market, unit, num, street, suburb, area, postcode))
        return True

    for anchor in ANCHORS:
        add(*anchor)
    for state, (count, suburbs) in AU.items():
        streets = {suburb: streets_for(rng, []) for suburb, _ in suburbs}
        made = 0
        while made < count:
            suburb, postcode = rng.choice(suburbs)
            unit = str(1 + rng.below(30)) if rng.chance(15) else ""
            if add("AU", unit, number(rng), rng.choice(streets[suburb]), suburb, state, postcode):
                made += 1
    streets = {(suburb, city): streets_for(rng, NZ_NAMES) for suburb, city, _ in NZ}
    made = 0
    while made < NZ_COUNT:
        suburb, city, postcode = rng.choice(NZ)
        unit = str(1 + rng.below(12)) if rng.chance(10) else ""
        if add("NZ", unit, number(rng), rng.choice(streets[(suburb, city)]), suburb, city, postcode):
            made += 1
    return rows

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "addresses.tsv")
    path = os.path.normpath(sys.argv[1] if len(sys.argv) > 1 else default)
    rows = generate()
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("# Synthetic AU/NZ addresses generated by Tools/Developer/AddressData/generate.py; do not edit by hand.\n")
        out.write("# id\tmarket\tunit\tnumber\tstreet\tsuburb\tstate-or-city\tpostcode\n")
        for index, row in enumerate(rows, start=1):
            out.write(f"{row[0]}-{index:06d}\t" + "\t".join(row) + "\n")
    print(f"wrote {len(rows)} addresses to {path}")

if __name__ == "__main__":
    main()
