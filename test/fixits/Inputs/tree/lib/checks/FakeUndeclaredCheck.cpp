// D << FixItHint::CreateInsertion(Loc, "x");
