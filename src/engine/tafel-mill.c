#include "config.h"
#include "tafel-games.h"
const TafelRules tafel_mill_rules = { .key = "mill" };
