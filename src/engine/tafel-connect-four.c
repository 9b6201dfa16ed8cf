#include "config.h"
#include "tafel-games.h"
const TafelRules tafel_connect_four_rules = { .key = "connect-four" };
