#!/usr/bin/python3
"""Writes labelled.csv: jurisdiction strings as Exhibit 21 lists write them, each with the code it means.

Sources of the strings (column `source`):
  portfolio:<file>  every distinct jurisdiction_raw of the Exhibit 21 portfolios in tests/data/portfolios
  us-style:<style>  each state and DC in the styles filings use: name, upper and lower case, postal code, AP and
                    GPO abbreviations, "State of", "Commonwealth of", "... State", ", USA" and its variants,
                    "City, ST" and "City, State[, USA]" with a city where subsidiaries are registered
  country:<style>   countries where US registrants hold subsidiaries: the name as filings write it, "City, Country",
                    official and alternative names, alpha-3 codes
  hard-case         places that contain a US state name, "City, Region, Country" strings, misspellings, and
                    strings that must stay ambiguous (expected "needs_data")
The expected code is written here by hand (the truth), never computed by FilingDesk. Run it from anywhere;
the output is deterministic.
"""
import csv
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
PORTFOLIOS = HERE.parent / "portfolios"

STATES = [
    # code, name, AP, GPO, city (where companies are registered or headquartered)
    ("AL", "Alabama", "Ala.", "Ala.", "Birmingham"), ("AK", "Alaska", None, "Alaska", "Anchorage"),
    ("AZ", "Arizona", "Ariz.", "Ariz.", "Phoenix"), ("AR", "Arkansas", "Ark.", "Ark.", "Little Rock"),
    ("CA", "California", "Calif.", "Calif.", "Los Angeles"), ("CO", "Colorado", "Colo.", "Colo.", "Denver"),
    ("CT", "Connecticut", "Conn.", "Conn.", "Hartford"), ("DE", "Delaware", "Del.", "Del.", "Wilmington"),
    ("DC", "District of Columbia", None, "D.C.", None), ("FL", "Florida", "Fla.", "Fla.", "Miami"),
    ("GA", "Georgia", "Ga.", "Ga.", "Atlanta"), ("HI", "Hawaii", None, "Hawaii", "Honolulu"),
    ("ID", "Idaho", None, "Idaho", "Boise"), ("IL", "Illinois", "Ill.", "Ill.", "Chicago"),
    ("IN", "Indiana", "Ind.", "Ind.", "Indianapolis"), ("IA", "Iowa", None, "Iowa", "Des Moines"),
    ("KS", "Kansas", "Kan.", "Kans.", "Wichita"), ("KY", "Kentucky", "Ky.", "Ky.", "Louisville"),
    ("LA", "Louisiana", "La.", "La.", "New Orleans"), ("ME", "Maine", None, "Maine", "Portland"),
    ("MD", "Maryland", "Md.", "Md.", "Baltimore"), ("MA", "Massachusetts", "Mass.", "Mass.", "Boston"),
    ("MI", "Michigan", "Mich.", "Mich.", "Detroit"), ("MN", "Minnesota", "Minn.", "Minn.", "Minneapolis"),
    ("MS", "Mississippi", "Miss.", "Miss.", "Jackson"), ("MO", "Missouri", "Mo.", "Mo.", "Kansas City"),
    ("MT", "Montana", "Mont.", "Mont.", "Billings"), ("NE", "Nebraska", "Neb.", "Nebr.", "Omaha"),
    ("NV", "Nevada", "Nev.", "Nev.", "Las Vegas"), ("NH", "New Hampshire", "N.H.", "N.H.", "Manchester"),
    ("NJ", "New Jersey", "N.J.", "N.J.", "Newark"), ("NM", "New Mexico", "N.M.", "N. Mex.", "Albuquerque"),
    ("NY", "New York", "N.Y.", "N.Y.", "New York"), ("NC", "North Carolina", "N.C.", "N.C.", "Charlotte"),
    ("ND", "North Dakota", "N.D.", "N. Dak.", "Fargo"), ("OH", "Ohio", None, "Ohio", "Columbus"),
    ("OK", "Oklahoma", "Okla.", "Okla.", "Tulsa"), ("OR", "Oregon", "Ore.", "Oreg.", "Portland"),
    ("PA", "Pennsylvania", "Pa.", "Pa.", "Philadelphia"), ("RI", "Rhode Island", "R.I.", "R.I.", "Providence"),
    ("SC", "South Carolina", "S.C.", "S.C.", "Columbia"), ("SD", "South Dakota", "S.D.", "S. Dak.", "Sioux Falls"),
    ("TN", "Tennessee", "Tenn.", "Tenn.", "Nashville"), ("TX", "Texas", None, "Tex.", "Houston"),
    ("UT", "Utah", None, "Utah", "Salt Lake City"), ("VT", "Vermont", "Vt.", "Vt.", "Burlington"),
    ("VA", "Virginia", "Va.", "Va.", "Richmond"), ("WA", "Washington", "Wash.", "Wash.", "Seattle"),
    ("WV", "West Virginia", "W.Va.", "W. Va.", "Charleston"), ("WI", "Wisconsin", "Wis.", "Wis.", "Milwaukee"),
    ("WY", "Wyoming", "Wyo.", "Wyo.", "Cheyenne"),
]
COMMONWEALTHS = {"KY", "MA", "PA", "VA"}

COUNTRIES = [
    # alpha-2, the name as filings write it, a city, other spellings seen in filings
    ("AR", "Argentina", "Buenos Aires", ["Argentine Republic"]), ("AU", "Australia", "Sydney", ["Commonwealth of Australia"]),
    ("AT", "Austria", "Vienna", ["Republic of Austria"]), ("BS", "Bahamas", "Nassau", ["The Bahamas", "Bahamas, The"]),
    ("BB", "Barbados", "Bridgetown", []), ("BY", "Belarus", "Minsk", ["Republic of Belarus"]),
    ("BE", "Belgium", "Brussels", ["Kingdom of Belgium"]), ("BZ", "Belize", "Belize City", []),
    ("BM", "Bermuda", "Hamilton", []), ("BO", "Bolivia", "La Paz", ["Plurinational State of Bolivia"]),
    ("BR", "Brazil", "Sao Paulo", ["Brasil", "Federative Republic of Brazil"]), ("BG", "Bulgaria", "Sofia", []),
    ("CA", "Canada", "Toronto", []), ("KY", "Cayman Islands", "George Town", ["Grand Cayman", "Cayman"]),
    ("CL", "Chile", "Santiago", ["Republic of Chile"]), ("CN", "China", "Shanghai", ["People's Republic of China", "PRC", "P.R.C.", "P.R. China", "Mainland China"]),
    ("CO", "Colombia", "Bogota", ["Republic of Colombia"]), ("CR", "Costa Rica", "San Jose", []),
    ("HR", "Croatia", "Zagreb", []), ("CY", "Cyprus", "Nicosia", ["Republic of Cyprus"]),
    ("CZ", "Czech Republic", "Prague", ["Czechia"]), ("DK", "Denmark", "Copenhagen", ["Kingdom of Denmark"]),
    ("DO", "Dominican Republic", "Santo Domingo", []), ("EC", "Ecuador", "Quito", []),
    ("EG", "Egypt", "Cairo", ["Arab Republic of Egypt"]), ("SV", "El Salvador", "San Salvador", []),
    ("EE", "Estonia", "Tallinn", []), ("FI", "Finland", "Helsinki", ["Republic of Finland"]),
    ("FR", "France", "Paris", ["French Republic"]), ("DE", "Germany", "Frankfurt", ["Federal Republic of Germany", "Deutschland"]),
    ("GH", "Ghana", "Accra", []), ("GI", "Gibraltar", None, []), ("GR", "Greece", "Athens", ["Hellenic Republic"]),
    ("GT", "Guatemala", "Guatemala City", []), ("GG", "Guernsey", "St. Peter Port", []),
    ("HN", "Honduras", "Tegucigalpa", []), ("HK", "Hong Kong", "Kowloon", ["Hong Kong SAR", "Hong Kong S.A.R."]),
    ("HU", "Hungary", "Budapest", []), ("IS", "Iceland", "Reykjavik", []), ("IN", "India", "Mumbai", ["Republic of India"]),
    ("ID", "Indonesia", "Jakarta", ["Republic of Indonesia"]), ("IE", "Ireland", "Dublin", ["Republic of Ireland", "Eire"]),
    ("IM", "Isle of Man", "Douglas", []), ("IL", "Israel", "Tel Aviv", ["State of Israel"]),
    ("IT", "Italy", "Milan", ["Italian Republic"]), ("JM", "Jamaica", "Kingston", []), ("JP", "Japan", "Tokyo", []),
    ("JE", "Jersey", "St. Helier", []), ("JO", "Jordan", "Amman", []), ("KZ", "Kazakhstan", "Almaty", []),
    ("KE", "Kenya", "Nairobi", []), ("KR", "Korea", "Seoul", ["South Korea", "Republic of Korea", "Korea, Republic of"]),
    ("KW", "Kuwait", "Kuwait City", []), ("LV", "Latvia", "Riga", []), ("LB", "Lebanon", "Beirut", []),
    ("LI", "Liechtenstein", "Vaduz", []), ("LT", "Lithuania", "Vilnius", []),
    ("LU", "Luxembourg", "Luxembourg City", ["Grand Duchy of Luxembourg", "Luxemburg"]),
    ("MO", "Macau", None, ["Macao", "Macau SAR"]), ("MY", "Malaysia", "Kuala Lumpur", []), ("MT", "Malta", "Valletta", []),
    ("MH", "Marshall Islands", "Majuro", ["Republic of the Marshall Islands"]), ("MU", "Mauritius", "Port Louis", []),
    ("MX", "Mexico", "Monterrey", ["United Mexican States", "Mexico, D.F."]), ("MC", "Monaco", None, []),
    ("MA", "Morocco", "Casablanca", ["Kingdom of Morocco"]), ("NL", "Netherlands", "Amsterdam", ["The Netherlands", "Holland", "Kingdom of the Netherlands"]),
    ("NZ", "New Zealand", "Auckland", []), ("NG", "Nigeria", "Lagos", []), ("NO", "Norway", "Oslo", ["Kingdom of Norway"]),
    ("PK", "Pakistan", "Karachi", []), ("PA", "Panama", "Panama City", ["Republic of Panama"]),
    ("PE", "Peru", "Lima", ["Republic of Peru"]), ("PH", "Philippines", "Manila", ["Republic of the Philippines", "Phillipines"]),
    ("PL", "Poland", "Warsaw", ["Republic of Poland"]), ("PT", "Portugal", "Lisbon", ["Portuguese Republic"]),
    ("PR", "Puerto Rico", "San Juan", ["Commonwealth of Puerto Rico"]), ("QA", "Qatar", "Doha", ["State of Qatar"]),
    ("RO", "Romania", "Bucharest", []), ("RU", "Russia", "Moscow", ["Russian Federation"]),
    ("SA", "Saudi Arabia", "Riyadh", ["Kingdom of Saudi Arabia"]), ("RS", "Serbia", "Belgrade", ["Republic of Serbia"]),
    ("SG", "Singapore", None, ["Republic of Singapore"]), ("SK", "Slovakia", "Bratislava", ["Slovak Republic"]),
    ("SI", "Slovenia", "Ljubljana", []), ("ZA", "South Africa", "Johannesburg", ["Republic of South Africa"]),
    ("ES", "Spain", "Madrid", ["Kingdom of Spain", "Espana"]), ("LK", "Sri Lanka", "Colombo", []),
    ("SE", "Sweden", "Stockholm", ["Kingdom of Sweden"]), ("CH", "Switzerland", "Zurich", ["Swiss Confederation"]),
    ("TW", "Taiwan", "Taipei", ["Taiwan, Province of China", "Republic of China", "Taiwan, R.O.C."]),
    ("TH", "Thailand", "Bangkok", ["Kingdom of Thailand"]), ("TT", "Trinidad and Tobago", "Port of Spain", ["Trinidad & Tobago", "Trinidad"]),
    ("TN", "Tunisia", "Tunis", []), ("TR", "Turkey", "Istanbul", ["Republic of Turkey", "Turkiye"]),
    ("UA", "Ukraine", "Kiev", []), ("AE", "United Arab Emirates", "Dubai", ["UAE", "U.A.E."]),
    ("GB", "United Kingdom", "London", ["UK", "U.K.", "England", "Great Britain", "Scotland", "Wales", "Northern Ireland", "England and Wales", "England & Wales"]),
    ("UY", "Uruguay", "Montevideo", ["Oriental Republic of Uruguay"]), ("VE", "Venezuela", "Caracas", ["Bolivarian Republic of Venezuela"]),
    ("VN", "Vietnam", "Ho Chi Minh City", ["Viet Nam", "Socialist Republic of Vietnam"]),
    ("VG", "British Virgin Islands", "Tortola", ["BVI", "B.V.I.", "Virgin Islands, British"]),
    ("CW", "Curacao", "Willemstad", ["Curaçao"]), ("AW", "Aruba", "Oranjestad", []), ("BH", "Bahrain", "Manama", []),
    ("BD", "Bangladesh", "Dhaka", []), ("KH", "Cambodia", "Phnom Penh", []), ("CI", "Ivory Coast", "Abidjan", ["Cote d'Ivoire", "Côte d'Ivoire"]),
    ("GE", "Republic of Georgia", "Tbilisi", []), ("MM", "Myanmar", "Yangon", ["Burma"]), ("OM", "Oman", "Muscat", []),
    ("PY", "Paraguay", "Asuncion", []), ("NI", "Nicaragua", "Managua", []), ("AO", "Angola", "Luanda", []),
    ("MZ", "Mozambique", "Maputo", []), ("TZ", "Tanzania", "Dar es Salaam", ["United Republic of Tanzania"]),
    ("ZM", "Zambia", "Lusaka", []), ("ZW", "Zimbabwe", "Harare", []), ("BW", "Botswana", "Gaborone", []),
    ("NA", "Namibia", "Windhoek", []), ("SN", "Senegal", "Dakar", []), ("CM", "Cameroon", "Douala", []),
    ("DZ", "Algeria", "Algiers", []), ("MN", "Mongolia", "Ulaanbaatar", []), ("UZ", "Uzbekistan", "Tashkent", []),
    ("AZ", "Azerbaijan", "Baku", []), ("AM", "Armenia", "Yerevan", []), ("MD", "Moldova", "Chisinau", ["Republic of Moldova"]),
    ("MK", "North Macedonia", "Skopje", ["Macedonia"]), ("BA", "Bosnia and Herzegovina", "Sarajevo", ["Bosnia"]),
    ("AL", "Albania", "Tirana", []), ("ME", "Montenegro", "Podgorica", []), ("IR", "Iran", "Tehran", []),
    ("IQ", "Iraq", "Baghdad", []), ("SZ", "Swaziland", "Mbabane", ["Eswatini"]), ("MV", "Maldives", "Male", []),
    ("NP", "Nepal", "Kathmandu", []), ("FJ", "Fiji", "Suva", []), ("PG", "Papua New Guinea", "Port Moresby", []),
    ("AD", "Andorra", None, []),
    ("KN", "St. Kitts and Nevis", "Basseterre", ["Saint Kitts and Nevis"]), ("LC", "St. Lucia", "Castries", ["Saint Lucia"]),
    ("VC", "St. Vincent and the Grenadines", "Kingstown", ["Saint Vincent and the Grenadines"]),
    ("AG", "Antigua and Barbuda", "St. John's", ["Antigua"]), ("TC", "Turks and Caicos Islands", "Providenciales", []),
    ("AI", "Anguilla", "The Valley", []), ("VI", "U.S. Virgin Islands", "St. Thomas", ["Virgin Islands, U.S."]),
    ("GU", "Guam", "Hagatna", []), ("SC", "Seychelles", "Victoria", []), ("LR", "Liberia", "Monrovia", ["Republic of Liberia"]),
]

HARD_CASES = [
    # A foreign place that contains a US state name: the country wins.
    ("Georgia, CIS", "GE"), ("Tbilisi, Georgia", "GE"), ("Batumi, Georgia", "GE"), ("Kutaisi, Georgia", "GE"),
    ("Georgia (country)", "GE"), ("Georgia (Republic)", "GE"), ("Republic of Georgia", "GE"), ("Sakartvelo", "GE"),
    ("Florida, Uruguay", "UY"), ("Maine-et-Loire, France", "FR"), ("Virginia, Ireland", "IE"),
    ("Virginia, County Cavan, Ireland", "IE"), ("Delaware, Ontario, Canada", "CA"), ("Washington, Tyne and Wear, England", "GB"),
    ("Victoria, Australia", "AU"), ("New South Wales, Australia", "AU"), ("New South Wales", "AU"),
    ("Ontario, Canada", "CA"), ("Ontario", "CA"), ("Quebec", "CA"), ("Quebec, Canada", "CA"), ("Alberta, Canada", "CA"),
    ("British Columbia", "CA"), ("British Columbia, Canada", "CA"), ("Toronto, Ontario, Canada", "CA"),
    ("Vancouver, British Columbia, Canada", "CA"), ("Nova Scotia, Canada", "CA"), ("Manitoba", "CA"),
    ("Jersey, Channel Islands", "JE"), ("Guernsey, Channel Islands", "GG"), ("Mexico City, Mexico", "MX"),
    ("Grand Cayman, B.W.I.", "KY"), ("George Town, Grand Cayman", "KY"), ("Cayman Islands, B.W.I.", "KY"),
    ("Road Town, Tortola, BVI", "VG"), ("Tortola, B.V.I.", "VG"), ("Hamilton, Bermuda", "BM"),
    # "City, Country", "City, Region, Country", official names.
    ("Paris, France", "FR"), ("Seoul, South Korea", "KR"), ("Seoul, Korea", "KR"), ("Taiwan, Province of China", "TW"),
    ("Hong Kong, S.A.R., China", "HK"), ("Hong Kong, China", "HK"), ("Hong Kong SAR, PRC", "HK"),
    ("Macau, China", "MO"), ("Macau SAR, China", "MO"), ("Taipei, Taiwan, R.O.C.", "TW"),
    ("Dubai (UAE)", "AE"), ("Dubai, U.A.E.", "AE"), ("Abu Dhabi, United Arab Emirates", "AE"), ("Dubai", "AE"),
    ("Bogotá, Columbia", "CO"), ("Bogota, Columbia", "CO"), ("Medellin, Columbia", "CO"), ("Bogotá, Colombia", "CO"),
    ("Shanghai, PRC", "CN"), ("Beijing, People's Republic of China", "CN"), ("Shenzhen, China", "CN"),
    ("Shanghai", "CN"), ("Guangdong, China", "CN"), ("Suzhou, Jiangsu, China", "CN"),
    ("Munich, Germany", "DE"), ("Frankfurt am Main, Germany", "DE"), ("Bavaria, Germany", "DE"), ("Bayern, Germany", "DE"),
    ("Mumbai, India", "IN"), ("Bangalore, Karnataka, India", "IN"), ("New Delhi, India", "IN"), ("Karnataka", "IN"),
    ("Sao Paulo, SP, Brazil", "BR"), ("São Paulo, Brazil", "BR"), ("Rio de Janeiro, Brazil", "BR"),
    ("Zug, Switzerland", "CH"), ("Geneva, Switzerland", "CH"), ("Cork, Ireland", "IE"), ("Limerick, Ireland", "IE"),
    ("Edinburgh, Scotland", "GB"), ("Cardiff, Wales", "GB"), ("Belfast, Northern Ireland", "GB"),
    ("London, England", "GB"), ("London, United Kingdom", "GB"), ("Manchester, England", "GB"),
    ("Tokyo, Japan", "JP"), ("Osaka, Japan", "JP"), ("Kuala Lumpur, Malaysia", "MY"), ("Labuan, Malaysia", "MY"),
    ("Labuan", "MY"), ("Singapore, Singapore", "SG"), ("Sydney, New South Wales, Australia", "AU"),
    ("Melbourne, Victoria, Australia", "AU"), ("Auckland, New Zealand", "NZ"), ("Madrid, Spain", "ES"),
    ("Barcelona, Spain", "ES"), ("Milan, Italy", "IT"), ("Rome, Italy", "IT"), ("Amsterdam, The Netherlands", "NL"),
    ("Rotterdam, Netherlands", "NL"), ("Brussels, Belgium", "BE"), ("Luxembourg, Grand Duchy of Luxembourg", "LU"),
    ("Stockholm, Sweden", "SE"), ("Moscow, Russia", "RU"), ("Moscow, Russian Federation", "RU"),
    ("Kiev, Ukraine", "UA"), ("Kyiv, Ukraine", "UA"), ("Warsaw, Poland", "PL"), ("Prague, Czech Republic", "CZ"),
    ("Budapest, Hungary", "HU"), ("Istanbul, Turkey", "TR"), ("Tel Aviv, Israel", "IL"), ("Cairo, Egypt", "EG"),
    ("Johannesburg, South Africa", "ZA"), ("Lagos, Nigeria", "NG"), ("Nairobi, Kenya", "KE"),
    ("Santiago, Chile", "CL"), ("Lima, Peru", "PE"), ("Buenos Aires, Argentina", "AR"), ("Caracas, Venezuela", "VE"),
    ("Montevideo, Uruguay", "UY"), ("Quito, Ecuador", "EC"), ("San Jose, Costa Rica", "CR"), ("Panama City, Panama", "PA"),
    ("Monterrey, Nuevo Leon, Mexico", "MX"), ("Guadalajara, Jalisco, Mexico", "MX"), ("Nuevo Leon, Mexico", "MX"),
    ("Ho Chi Minh City, Vietnam", "VN"), ("Hanoi, Viet Nam", "VN"), ("Bangkok, Thailand", "TH"), ("Manila, Philippines", "PH"),
    ("Jakarta, Indonesia", "ID"), ("Karachi, Pakistan", "PK"), ("Riyadh, Saudi Arabia", "SA"), ("Doha, Qatar", "QA"),
    ("Willemstad, Curaçao", "CW"), ("Oranjestad, Aruba", "AW"), ("Nassau, Bahamas", "BS"), ("Bridgetown, Barbados", "BB"),
    ("Kingston, Jamaica", "JM"), ("San Juan, Puerto Rico", "PR"), ("Puerto Rico, USA", "PR"),
    ("St. Thomas, U.S. Virgin Islands", "VI"), ("Isle of Man, British Isles", "IM"), ("Douglas, Isle of Man", "IM"),
    ("Gibraltar", "GI"), ("Valletta, Malta", "MT"), ("Nicosia, Cyprus", "CY"), ("Limassol, Cyprus", "CY"),
    ("Vaduz, Liechtenstein", "LI"), ("Monaco", "MC"), ("Reykjavik, Iceland", "IS"), ("Oslo, Norway", "NO"),
    ("Copenhagen, Denmark", "DK"), ("Helsinki, Finland", "FI"), ("Vienna, Austria", "AT"), ("Athens, Greece", "GR"),
    ("Lisbon, Portugal", "PT"), ("Bucharest, Romania", "RO"), ("Sofia, Bulgaria", "BG"), ("Zagreb, Croatia", "HR"),
    ("Belgrade, Serbia", "RS"), ("Ljubljana, Slovenia", "SI"), ("Bratislava, Slovakia", "SK"), ("Vilnius, Lithuania", "LT"),
    ("Riga, Latvia", "LV"), ("Tallinn, Estonia", "EE"), ("Minsk, Belarus", "BY"), ("Almaty, Kazakhstan", "KZ"),
    ("GBR", "GB"), ("DEU", "DE"), ("FRA", "FR"), ("JPN", "JP"), ("CHE", "CH"), ("NLD", "NL"), ("MEX", "MX"),
    ("BRA", "BR"), ("AUS", "AU"), ("CHN", "CN"), ("SGP", "SG"), ("HKG", "HK"), ("IRL", "IE"), ("LUX", "LU"),
    ("BMU", "BM"), ("CYM", "KY"),
    # US spellings.
    ("New York State", "US-NY"), ("State of Delaware", "US-DE"), ("N.C.", "US-NC"), ("S.C.", "US-SC"),
    ("D.C.", "US-DC"), ("Mo.", "US-MO"), ("Ky.", "US-KY"), ("Vt.", "US-VT"), ("W. Va.", "US-WV"),
    ("Kansas City, MO", "US-MO"), ("Kansas City, Missouri", "US-MO"), ("Kansas City, Kansas", "US-KS"),
    ("N.Y.", "US-NY"), ("Pa.", "US-PA"), ("Ga.", "US-GA"), ("Washington, D.C.", "US-DC"), ("Washington D.C.", "US-DC"),
    ("Washington, DC", "US-DC"), ("District of Columbia, USA", "US-DC"), ("Dist. of Columbia", "US-DC"),
    ("Washington State", "US-WA"), ("State of Washington", "US-WA"), ("Paris, Texas", "US-TX"),
    ("Columbia, South Carolina", "US-SC"), ("Columbia, SC", "US-SC"), ("Columbia, Maryland", "US-MD"),
    ("Georgia", "US-GA"), ("Georgia, USA", "US-GA"), ("Georgia, U.S.A.", "US-GA"), ("Atlanta, Georgia", "US-GA"),
    ("Atlanta, GA", "US-GA"), ("Alpharetta, Georgia", "US-GA"), ("Savannah, Georgia", "US-GA"), ("Georgia (U.S.)", "US-GA"),
    ("Wilmington Delaware", "US-DE"), ("Dover, Delaware", "US-DE"), ("Delaware (USA)", "US-DE"),
    ("Delaware, United States of America", "US-DE"), ("a Delaware corporation", "US-DE"),
    ("Delaware limited liability company", "US-DE"), ("Delaware LLC", "US-DE"), ("Delaware statutory trust", "US-DE"),
    ("Organized under the laws of the State of New York", "US-NY"), ("Minneapolis, MN USA", "US-MN"),
    ("Virginia Beach, Virginia", "US-VA"), ("New York, New York", "US-NY"), ("New York, NY", "US-NY"),
    ("Mexico, Missouri", "US-MO"), ("Delaware (1)", "US-DE"), ("Delaware*", "US-DE"), ("Nevada (a)", "US-NV"),
    ("US-DE", "US-DE"), ("us-ca", "US-CA"), ("New Mexico", "US-NM"), ("New Jersey", "US-NJ"), ("Jersey", "JE"),
    ("Mexico", "MX"), ("Wales", "GB"), ("Lebanon, Tennessee", "US-TN"), ("Peru, Indiana", "US-IN"),
    ("Poland, Ohio", "US-OH"), ("Norway, Maine", "US-ME"), ("Jordan, Minnesota", "US-MN"), ("China, Maine", "US-ME"),
    ("Willemstad, Curacao, Netherlands Antilles", "CW"), ("Philipsburg, Sint Maarten", "SX"),
    ("Mexico, Missouri, USA", "US-MO"), ("Barbados, W.I.", "BB"), ("Cayman Islands (BWI)", "KY"),
    ("Bermuda (1)", "BM"), ("Mauritius (Global Business Company)", "MU"), ("Hong Kong (China)", "HK"),
    ("People's Republic of China (PRC)", "CN"), ("Republic of Korea (South Korea)", "KR"), ("Korea (South)", "KR"),
    ("Netherlands (Holland)", "NL"), ("United Kingdom (England)", "GB"), ("England/Wales", "GB"),
    ("Cayman Islands, British West Indies", "KY"), ("British West Indies", "needs_data"),
    ("Scotland, U.K.", "GB"), ("Ireland (Republic of)", "IE"), ("Delaware; Texas", "needs_data"),
    ("Texas Limited Partnership", "US-TX"), ("Illinois corporation", "US-IL"), ("Ohio LLC", "US-OH"),
    ("Nevada Corp.", "US-NV"), ("New York (NY)", "US-NY"), ("Calif", "US-CA"), ("Penn.", "US-PA"),
    ("Wisc.", "US-WI"), ("Mass", "US-MA"), ("Cal.", "US-CA"), ("Tex.", "US-TX"), ("N. Carolina", "US-NC"),
    ("S. Dakota", "US-SD"), ("Wash. D.C.", "US-DC"), ("Wash., D.C.", "US-DC"), ("St. Louis, Missouri", "US-MO"),
    ("St. Paul, MN", "US-MN"), ("Fort Worth, TX", "US-TX"), ("Oklahoma City, OK", "US-OK"), ("Iowa City, Iowa", "US-IA"),
    ("Carson City, Nevada", "US-NV"), ("Ireland, Texas", "US-TX"), ("Victoria, Texas", "US-TX"),
    ("Victoria, British Columbia", "CA"), ("London, Ontario", "CA"), ("Perth, Western Australia", "AU"),
    ("Brisbane, Queensland", "AU"), ("Hamburg, Germany", "DE"), ("Cologne, Germany", "DE"),
    ("Kowloon, Hong Kong", "HK"), ("Hong Kong, PRC", "HK"), ("Dubai, United Arab Emirates", "AE"),
    ("Sharjah, UAE", "AE"), ("Abu Dhabi", "AE"), ("Republic of Panama", "PA"), ("Panama, Republic of", "PA"),
    ("Mexico, D.F.", "MX"), ("Distrito Federal, Mexico", "MX"), ("Guernsey, C.I.", "GG"), ("Jersey, C.I.", "JE"),
    ("St. Helier, Jersey", "JE"), ("Isle of Man, UK", "IM"), ("Saint Lucia, W.I.", "LC"),
    ("Antigua, W.I.", "AG"), ("Trinidad, W.I.", "TT"), ("Netherlands Antilles (Curacao)", "CW"),
    ("Scotland (UK)", "GB"), ("Barbados, WI", "needs_data"), ("Mexico, MO", "needs_data"),
    ("Sweden AB", "SE"), ("Germany (GmbH)", "DE"), ("Brazil Ltda.", "BR"), ("India Pvt. Ltd.", "IN"),
    ("Calgary, Alberta", "CA"), ("Montreal, Quebec", "CA"), ("Edmonton, Alberta, Canada", "CA"),
    ("Ontario Province", "CA"), ("Province of Ontario", "CA"), ("Tianjin, China", "CN"), ("Jiangsu Province, China", "CN"),
    ("Zhejiang, PRC", "CN"), ("Chennai, Tamil Nadu, India", "IN"), ("Pune, Maharashtra, India", "IN"),
    ("Maharashtra, India", "IN"), ("Nuevo León, México", "MX"), ("Jalisco", "MX"), ("Baja California, Mexico", "MX"),
    ("Baja California", "MX"), ("Sonora, Mexico", "MX"), ("Chihuahua, Mexico", "MX"), ("Queensland, Australia", "AU"),
    ("Western Australia", "AU"), ("Scotland, United Kingdom", "GB"), ("Kent, England", "GB"),
    ("Delaware, U.S.", "US-DE"), ("U.S.A. (Delaware)", "US-DE"), ("USA - Delaware", "US-DE"), ("United States - Nevada", "US-NV"),
    ("US (Delaware)", "US-DE"), ("Delaware, US", "US-DE"), ("DE, USA", "US-DE"), ("Colorado, U.S.A", "US-CO"),
    ("Wyoming, United States of America", "US-WY"), ("Puerto Rico (U.S.)", "PR"), ("Guam, USA", "GU"),
    ("Alberta", "CA"), ("Saskatchewan", "CA"), ("Newfoundland", "needs_data"), ("Bahamas (The)", "BS"),
    ("Korea, South", "KR"), ("Korea (Republic of)", "KR"), ("China (PRC)", "CN"), ("P.R.C. (China)", "CN"),
    ("Hong Kong Special Administrative Region", "HK"), ("Taiwan (ROC)", "TW"), ("Russian Federation (Russia)", "RU"),
    ("Slovak Republic (Slovakia)", "SK"), ("Czech Rep.", "CZ"), ("Dominican Rep.", "DO"), ("U.K. (England)", "GB"),
    ("The Cayman Islands", "KY"), ("British Virgin Islands (BVI)", "VG"), ("Virgin Islands (British)", "VG"),
    ("Marshall Islands (Republic of)", "MH"), ("Cyprus (Republic of)", "CY"), ("Liberia (Republic of)", "LR"), ("Wales, UK", "GB"), ("Northern Ireland, UK", "GB"), ("Missouri, Mexico", "MX"), ("Delaware, Ohio", "needs_data"), ("Commonwealth of Puerto Rico", "PR"),
    # Ambiguous or without a place: needs data, never a guess.
    ("Columbia", "needs_data"), ("Delaware and Nevada", "needs_data"), ("Delaware/Texas", "needs_data"),
    ("United States", "needs_data"), ("USA", "needs_data"), ("U.S.A.", "needs_data"), ("Atlantis", "needs_data"),
    ("Ontario, CA", "needs_data"), ("Berlin, DE", "needs_data"), ("Georgia, Sandersville", "needs_data"),
    ("Zestafoni, Georgia", "needs_data"), ("Delaware (UK branch)", "needs_data"), ("TBD", "needs_data"),
    ("N/A", "needs_data"), ("Various", "needs_data"), ("Delaware, United Kingdom, USA", "needs_data"),
]

# Written after the normaliser and first measured without any change made for them: the estimate of how it does
# on strings it was not built against (docs/jurisdictions.md gives that figure). Labels are the truth, also where
# FilingDesk answers "needs data" (state misspellings such as "Deleware": the filer meant the state).
HELD_OUT = [
    ("Delaware, U.S.A", "US-DE"), ("The Netherlands Antilles", "needs_data"), ("Bermuda Islands", "BM"),
    ("Republic of Singapore", "SG"), ("Peoples Republic of China", "CN"), ("People’s Republic of China", "CN"),
    ("Hong Kong S.A.R.", "HK"), ("Mexico D.F.", "MX"), ("Cayman Islands, BWI", "KY"),
    ("Barbados, West Indies", "BB"), ("Commonwealth of the Bahamas", "BS"), ("United Kingdom - England", "GB"),
    ("England, U.K.", "GB"), ("Australia (Victoria)", "AU"), ("Canada (Ontario)", "CA"), ("Ontario (Canada)", "CA"),
    ("Canada - Alberta", "CA"), ("Province of Quebec, Canada", "CA"), ("Nova Scotia", "CA"),
    ("New Brunswick, Canada", "CA"), ("Germany (Federal Republic)", "DE"), ("Switzerland (Zug)", "CH"),
    ("Japan (Tokyo)", "JP"), ("India (Maharashtra)", "IN"), ("P.R. of China", "CN"), ("Peoples Rep. of China", "CN"),
    ("China (Hong Kong)", "HK"), ("Hong Kong, People's Republic of China", "HK"), ("Taiwan, Republic of China", "TW"),
    ("Republic of China (Taiwan)", "TW"), ("Malaysia (Labuan)", "MY"), ("British Virgin Is.", "VG"),
    ("Virgin Islands (U.S.)", "VI"), ("US Virgin Islands", "VI"), ("St. Kitts", "KN"), ("Cook Islands", "CK"),
    ("Isle of Jersey", "JE"), ("Jersey (Channel Islands)", "JE"), ("Guernsey (Channel Islands)", "GG"),
    ("N. Ireland", "GB"), ("Panama (Republic of)", "PA"), ("Dominican Rep", "DO"),
    ("Venezuela (Bolivarian Republic of)", "VE"), ("Iran (Islamic Republic of)", "IR"), ("Kyrgyz Republic", "KG"),
    ("Slovak Rep.", "SK"), ("Czech Rep", "CZ"), ("Ivory Coast (Cote d'Ivoire)", "CI"), ("Burma (Myanmar)", "MM"),
    ("Holland (Netherlands)", "NL"), ("Former Yugoslav Republic of Macedonia", "MK"), ("Deleware", "US-DE"),
    ("Delawre", "US-DE"), ("Calfornia", "US-CA"), ("Pennsylvannia", "US-PA"), ("Massachusets", "US-MA"),
    ("Conneticut", "US-CT"), ("Tennesee", "US-TN"), ("Delaware (LLC)", "US-DE"), ("Delaware - LLC", "US-DE"),
    ("DE LLC", "US-DE"), ("Dela.", "US-DE"), ("Tex", "US-TX"), ("Fla", "US-FL"), ("Ohio corporation", "US-OH"),
    ("Commonwealth of Virginia", "US-VA"), ("NY State", "US-NY"), ("N.Y. State", "US-NY"), ("Washington (State)", "US-WA"),
    ("Washington State, USA", "US-WA"), ("D.C. (USA)", "US-DC"), ("District of Columbia (U.S.)", "US-DC"),
    ("Guam (U.S. Territory)", "GU"), ("Delaware/United States", "US-DE"), ("USA/Delaware", "US-DE"),
    ("U.S./Delaware", "US-DE"), ("Minnesota USA", "US-MN"), ("Texas, US", "US-TX"), ("California (USA)", "US-CA"),
    ("Sao Paulo, Brazil", "BR"), ("Bombay, India", "IN"), ("Canton, China", "CN"), ("Saigon, Vietnam", "VN"),
    ("Calcutta, India", "IN"), ("Peking, China", "CN"), ("Rangoon, Burma", "MM"), ("Kiev, Ukraine (Kyiv)", "UA"),
]


# Written before the gazetteer (7/7) and measured before any change for them, one group per kind of miss seen
# on lists of foreign issuers and banks. Labels are the truth: "needs_data" where a careful person would have
# to ask (a city in several countries, two places, a withdrawn country), "US" where the charter is federal
# (out of scope for state filings), the state where a phrase names one.
GAZETTEER_BEFORE = [
    # A city with no country, as lists grouped under a country heading write them.
    ("Düsseldorf", "DE"), ("Frankfurt am Main", "DE"), ("Stuttgart", "DE"), ("München", "DE"), ("Hamburg", "DE"),
    ("Monterrey", "MX"), ("Guadalajara", "MX"), ("Shenzhen", "CN"), ("Suzhou", "CN"), ("Pune", "IN"),
    ("Chennai", "IN"), ("Osaka", "JP"), ("Yokohama", "JP"), ("Busan", "KR"), ("Kuala Lumpur", "MY"),
    ("Jakarta", "ID"), ("São Paulo", "BR"), ("Curitiba", "BR"), ("Buenos Aires", "AR"), ("Lyon", "FR"),
    ("Toulouse", "FR"), ("Milano", "IT"), ("Turin", "IT"), ("Rotterdam", "NL"), ("Eindhoven", "NL"),
    ("Antwerp", "BE"), ("Gothenburg", "SE"), ("Oslo", "NO"), ("Warsaw", "PL"), ("Prague", "CZ"),
    ("Budapest", "HU"), ("Vienna", "AT"), ("Dublin", "IE"), ("Edinburgh", "GB"), ("Glasgow", "GB"),
    ("Taipei", "TW"), ("Bangkok", "TH"), ("Johannesburg", "ZA"), ("Nairobi", "KE"), ("Tel Aviv", "IL"),
    ("Istanbul", "TR"), ("Zürich", "CH"), ("Genève", "CH"), ("Toronto", "CA"), ("Calgary", "CA"),
    # ... an ambiguous one stays needs data; a US city says nothing of the state of incorporation.
    ("Valencia", "needs_data"), ("San José", "needs_data"), ("Córdoba", "needs_data"),
    ("Vancouver", "needs_data"), ("Birmingham", "needs_data"), ("Houston", "needs_data"),
    ("Chicago", "needs_data"), ("Houston, USA", "needs_data"),
    # ... and a city beside a state keeps the state.
    ("Paris, TX", "US-TX"), ("Springfield, IL", "US-IL"), ("Houston, Texas", "US-TX"),
    # Phrases around a state or country.
    ("Nevada-domiciled", "US-NV"), ("a Texas state-chartered bank", "US-TX"), ("Swiss domiciled", "CH"),
    ("organized under the laws of the State of Ohio", "US-OH"), ("Ohio state-chartered savings bank", "US-OH"),
    ("Minnesota-chartered", "US-MN"), ("domiciled in Ireland", "IE"), ("Irish-domiciled", "IE"),
    ("German GmbH", "DE"), ("Dutch B.V.", "NL"), ("incorporated in England and Wales", "GB"),
    ("a Maryland real estate investment trust", "US-MD"), ("Canadian federal corporation", "CA"),
    ("Luxembourg société anonyme", "LU"), ("New York state-chartered trust company", "US-NY"),
    # Federal charters are not states: out of scope for state annual reports.
    ("national banking association", "US"), ("national association", "US"),
    ("federal savings association", "US"), ("federally chartered savings bank", "US"),
    ("national bank located in Ohio", "US"), ("a federal savings association headquartered in Texas", "US"),
    ("United States (national bank)", "US"), ("U.S. federal savings bank", "US"), ("federal credit union", "US"),
    ("Federal Republic of Germany", "DE"),
    # Two jurisdictions for one entity.
    ("Cayman Islands & Hong Kong", "needs_data"), ("Delaware/Texas", "needs_data"),
    ("British Virgin Islands and Hong Kong", "needs_data"), ("Bermuda / United Kingdom", "needs_data"),
    ("Delaware and Cayman Islands", "needs_data"),
    # An address with the place of incorporation in brackets.
    ("c/o Conyers, 29th Floor, One Exchange Square, Central, Hong Kong (Bermuda)", "BM"),
    ("Room 1901, 19/F, Lee Garden One, 33 Hysan Avenue, Causeway Bay, Hong Kong (British Virgin Islands)", "VG"),
    ("Level 12, 1 Raffles Place, Singapore (Cayman Islands)", "KY"),
    ("Suite 700, 1 Main Street, Dallas, Texas (Delaware)", "US-DE"),
    ("c/o Maples Corporate Services, Ugland House, Grand Cayman (Cayman Islands)", "KY"),
    # Codes, withdrawn countries and misspellings.
    ("BRA", "BR"), ("CHN", "CN"), ("GBR", "GB"), ("JPN", "JP"), ("NLD", "NL"), ("IND", "needs_data"),
    ("Netherlands Antilles", "needs_data"), ("Yugoslavia", "needs_data"), ("Czechoslovakia", "needs_data"),
    ("Soviet Union", "needs_data"), ("Zaire", "CD"), ("Phillippines", "PH"), ("Brasil", "BR"),
    ("Luxemborg", "LU"), ("Hongkong", "HK"), ("Singapur", "SG"), ("Argentine Republic", "AR"),
]


# Written after the gazetteer and measured once before any change for them: docs/jurisdictions.md gives their
# figure as the estimate for lists FilingDesk has not seen. Labels are the truth, as GAZETTEER_BEFORE's.
GAZETTEER_AFTER = [
    ("Eschborn", "DE"), ("Hoofddorp", "NL"), ("Leverkusen", "DE"), ("Wolfsburg", "DE"), ("Ingolstadt", "DE"),
    ("Bergamo", "IT"), ("Bologna", "IT"), ("Sevilla", "ES"), ("Bilbao", "ES"), ("Porto", "PT"), ("Lisboa", "PT"),
    ("Marseille", "FR"), ("Grenoble", "FR"), ("Lille", "FR"), ("Göteborg", "SE"), ("Malmö", "SE"),
    ("Aarhus", "DK"), ("Espoo", "FI"), ("Kraków", "PL"), ("Wrocław", "PL"), ("Brno", "CZ"),
    ("Bratislava", "SK"), ("Cluj-Napoca", "RO"), ("Ankara", "TR"), ("Doha", "QA"), ("Riyadh", "SA"),
    ("Bengaluru", "IN"), ("Gurgaon", "IN"), ("Noida", "IN"), ("Ahmedabad", "IN"), ("Dalian", "CN"),
    ("Tianjin", "CN"), ("Chengdu", "CN"), ("Wuxi", "CN"), ("Xiamen", "CN"), ("Ningbo", "CN"),
    ("Kaohsiung", "TW"), ("Hsinchu", "TW"), ("Incheon", "KR"), ("Nagoya", "JP"), ("Fukuoka", "JP"),
    ("Cebu City", "PH"), ("Makati", "PH"), ("Ho Chi Minh City", "VN"), ("Hanoi", "VN"), ("Perth", "AU"),
    ("Melbourne", "AU"), ("Auckland", "NZ"), ("Cape Town", "ZA"), ("Lagos", "NG"), ("Bogotá", "CO"),
    ("Lima", "PE"), ("Montevideo", "UY"), ("Tijuana", "MX"), ("Mississauga", "CA"), ("Montréal", "CA"),
    ("Winnipeg", "CA"),
    ("Hyderabad", "needs_data"), ("Santa Cruz", "needs_data"), ("La Paz", "needs_data"),
    ("Kingston", "needs_data"), ("Hamilton", "needs_data"), ("Dallas", "needs_data"), ("Boston", "needs_data"),
    ("Wilmington", "needs_data"), ("Wilmington, Delaware", "US-DE"), ("Minneapolis, MN", "US-MN"),
    ("a corporation organized under the laws of Bermuda", "BM"), ("Texas banking association", "US-TX"),
    ("Georgia state-chartered bank", "US-GA"), ("Ohio-domiciled insurer", "US-OH"),
    ("Pennsylvania-chartered savings bank", "US-PA"), ("Spanish sociedad anónima", "ES"),
    ("Japanese kabushiki kaisha", "JP"), ("Indian private limited company", "IN"), ("Italian S.r.l.", "IT"),
    ("French SAS", "FR"), ("Singapore private limited company", "SG"), ("Bermuda-domiciled", "BM"),
    ("Cayman Islands exempted limited partnership", "KY"),
    ("national trust bank", "US"), ("federally chartered stock savings bank", "US"),
    ("federal savings bank (OTS)", "US"), ("Comptroller of the Currency", "US"), ("national bank (Delaware)", "US"),
    ("federal branch of a foreign bank", "US"),
    ("Ireland & United Kingdom", "needs_data"), ("Delaware; Nevada", "needs_data"),
    ("Netherlands/Luxembourg", "needs_data"), ("Canada and USA", "needs_data"), ("Jersey and Guernsey", "needs_data"),
    ("PO Box 309, Ugland House, George Town (Cayman Islands)", "KY"),
    ("Clarendon House, 2 Church Street, Hamilton (Bermuda)", "BM"),
    ("1209 Orange Street, Wilmington (Delaware)", "US-DE"),
    ("80 Raffles Place, #32-01, Singapore (British Virgin Islands)", "VG"),
    ("c/o Walkers, 190 Elgin Avenue (Cayman Islands)", "KY"),
    ("ESP", "ES"), ("FRA", "FR"), ("CHE", "CH"), ("IRL", "IE"), ("SGP", "SG"), ("AUS", "AU"), ("MEX", "MX"),
    ("KOR", "KR"), ("USSR", "needs_data"), ("Serbia and Montenegro", "needs_data"), ("Zaïre", "CD"),
    ("East Germany", "DE"), ("Luxembourgh", "LU"), ("Netherland Antilles", "needs_data"),
    ("Phillipine Islands", "PH"), ("Columbia, South America", "CO"), ("Argentinia", "AR"), ("Brazill", "BR"),
    ("Isreal", "IL"), ("Swizerland", "CH"), ("Singapure", "SG"), ("Malasia", "MY"), ("Indonesa", "ID"),
]


# Found by a review that tried to break the normaliser after the gazetteer (979 strings), each a kind of miss;
# measured before the fixes for them. Labels are the truth.
REVIEW = [
    # Federal charters written as abbreviations, or beside a state.
    ("JPMorgan Chase Bank, N.A. (Ohio)", "US"), ("Ohio, N.A.", "US"), ("N.A. - Ohio", "US"), ("Ohio (FSB)", "US"),
    ("FSB, Ohio", "US"), ("Nat'l bank, Ohio", "US"), ("Federal (Ohio)", "US"), ("Ohio/federal", "US"),
    ("Wells Fargo Bank, N.A.", "US"), ("F.S.B.", "US"), ("federal thrift", "US"), ("Natl. Assoc.", "US"),
    ("nationally chartered bank", "US"), ("Chartered by the OCC", "US"), ("Edge Act corporation", "US"),
    ("Federal Reserve Bank of New York", "US"), ("N.A.", "needs_data"), ("Federal District, Mexico", "MX"),
    # A province's code after a city abroad is not a state's postal code.
    ("Milano (MI)", "IT"), ("Milano, MI", "IT"), ("Via Roma 1, 20121 Milano (MI)", "IT"), ("Modena (MO)", "IT"),
    ("Chennai, TN", "IN"), ("Perth, WA", "AU"), ("Neuchâtel (NE)", "CH"), ("Utrecht (UT)", "NL"),
    ("Paris, TX", "US-TX"), ("Athens, GA", "US-GA"), ("Naples, FL", "US-FL"),
    # A company form alone is no place.
    ("N.V.", "needs_data"), ("Co.", "needs_data"), ("P.A.", "needs_data"),
    # A country and a state joined are two places.
    ("Cayman Islands/Delaware", "needs_data"), ("Bermuda/Delaware", "needs_data"),
    ("Delaware/Cayman Islands", "needs_data"), ("Texas; Mexico", "needs_data"),
    ("Delaware (US) and Cayman Islands", "needs_data"),
    # Where a company operates is not where it is incorporated.
    ("Headquartered in Texas", "needs_data"), ("Operating in Texas", "needs_data"),
    ("doing business in Texas", "needs_data"), ("located in Texas", "needs_data"),
    ("Incorporated in Delaware, headquartered in California", "US-DE"),
    ("Hong Kong (incorporated in Bermuda)", "BM"),
    # A ZIP code after the state.
    ("Wilmington, DE 19801", "US-DE"), ("1209 Orange Street, Wilmington, Delaware 19801", "US-DE"),
]


def rows():
    out = []
    for path in sorted(PORTFOLIOS.glob("*.csv")):
        with path.open(newline="") as f:
            for rec in csv.DictReader(f):
                out.append((rec["jurisdiction_raw"], None, f"portfolio:{path.name}"))
    for code, name, ap, gpo, city in STATES:
        us = f"US-{code}"
        styles = [
            (name, "name"), (name.upper(), "upper-case name"), (name.lower(), "lower-case name"),
            (code, "postal code"), (f"{name}, USA", "name, USA"), (f"{name}, U.S.A.", "name, U.S.A."),
            (f"{name} (U.S.)", "name (U.S.)"), (f"{name}, United States", "name, United States"),
            (us, "ISO 3166-2"), (f"State of {name}", "State of"),
        ]
        if ap:
            styles.append((ap, "AP abbreviation"))
        if gpo:
            styles.append((gpo, "GPO abbreviation"))
        if code in COMMONWEALTHS:
            styles.append((f"Commonwealth of {name}", "Commonwealth of"))
        if city:
            styles += [
                (f"{city}, {code}", "City, ST"), (f"{city}, {name}", "City, State"),
                (f"{city}, {name}, USA", "City, State, USA"), (f"{city}, {code} USA", "City, ST USA"),
            ]
        for text, style in styles:
            out.append((text, us, f"us-style:{style}"))
    for code, name, city, others in COUNTRIES:
        out.append((name, code, "country:name"))
        if city:
            out.append((f"{city}, {name}", code, "country:City, Country"))
        for other in others:
            out.append((other, code, "country:alternative name"))
    for text, code in HARD_CASES:
        out.append((text, code, "hard-case"))
    for text, code in HELD_OUT:
        out.append((text, code, "held-out"))
    for text, code in GAZETTEER_BEFORE:
        out.append((text, code, "gazetteer-before"))
    for text, code in GAZETTEER_AFTER:
        out.append((text, code, "gazetteer-after"))
    for text, code in REVIEW:
        out.append((text, code, "review"))
    return out


PORTFOLIO_TRUTH = {
    # jurisdiction_raw in the shipped portfolios -> what the filer meant (checked against the subsidiary names).
    # "Columbia" is Sherwin Williams Colombia S.A.S.: Colombia, but the string alone could as well be the
    # District of Columbia, so FilingDesk must ask.
    "AU": "AU", "Columbia": "needs_data", "DE": "US-DE", "IL": "US-IL", "NV": "US-NV", "OH": "US-OH",
    "Georgia": "US-GA", "So. Carolina": "US-SC", "UK": "GB", "Grand Cayman": "KY", "Russia": "RU",
}


def main():
    labelled = {}
    for text, code, source in rows():
        if code is None:
            code = PORTFOLIO_TRUTH.get(text)
        if code is None:
            code = next((f"US-{s[0]}" for s in STATES if s[1] == text), None)
        if code is None:
            code = next((c[0] for c in COUNTRIES if text in [c[1]] + c[3]), None)
        if code is None:
            raise SystemExit(f"no label for portfolio string {text!r}")
        if text in labelled:
            if labelled[text][0] != code:
                raise SystemExit(f"{text!r} labelled both {labelled[text][0]} and {code}")
            continue
        labelled[text] = (code, source)
    with (HERE / "labelled.csv").open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["jurisdiction_raw", "expected", "source"])
        for text, (code, source) in labelled.items():
            w.writerow([text, code, source])
    print(f"{len(labelled)} distinct strings")


if __name__ == "__main__":
    main()
